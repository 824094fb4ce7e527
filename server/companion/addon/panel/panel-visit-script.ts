import { FOCUS_AFTER, JOB_STATUSES } from '../../../../contracts/job-actions';
import { ADDON_EVENTS } from '../events';

// The visit's part of the panel's script (inside panel-script.ts's scope: `main`, `client`, `uuid`, `str`, `say`,
// `ask`, `isNote`, `showNote`): "On my way", "Arrived", "Done" and completing the job, each through `invoke` with a
// uuid chosen once per step and kept until the platform has it, so a retry after a lost answer writes nothing
// twice. It shows the steps taken with their times and only the buttons that make sense next, as the side panel
// does (components/side-panel/VisitActions.tsx). The state comes from the section's attributes, then from each answer.
// A job completed from this window by mistake (a gloved thumb) can be undone in it: "Undo" puts back the status the
// answer said the job had; a window opened later offers no undo of what someone else may have decided since, and
// an Undo refused because someone completed the job again since goes, with the visit as the refusal tells it.
// Keyboard focus stays on the visit when the pressed button goes: on the next step's (FOCUS_AFTER, as the side panel),
// or back on the pressed one when the save failed, unless the person has put it elsewhere meanwhile.

export const VISIT_SCRIPT = `(function(){
var visit=document.getElementById('visit');
if(!visit)return;
var steps=document.getElementById('visit-steps'),hint=document.getElementById('visit-hint'),message=document.getElementById('visit-message');
var ACTIONS=['on-my-way','arrived','done','complete'];
var WORDS={'on-my-way':'On my way','arrived':'Arrived','done':'Done','complete':'Job complete'};
var SAVED={'on-my-way':'The office can see you are on your way.','arrived':'Arrived: the office can see you are on site.','done':'Done: your time on site is saved.','complete':'The job is marked complete.','reopen':'Undone: the job is open again.'};
var STATUSES=${JSON.stringify(JOB_STATUSES)},FOCUS_AFTER=${JSON.stringify(FOCUS_AFTER)};
var FAILED='Fieldside could not save this just now. Try again in a moment.';
var a=function(n){return visit.getAttribute('data-'+n)||'';};
var state={onTheWayAt:a('on-the-way'),activityUUID:a('activity'),arrivedAt:a('arrived'),leftAt:a('left'),completed:a('completed')==='true'};
var pending={},busy=false,buttons={},undoAs='';
function isVisit(v){return !!v&&str(v.onTheWayAt)&&str(v.activityUUID)&&str(v.arrivedAt)&&str(v.leftAt)&&typeof v.completed==='boolean';}
function step(action,at){var li=document.createElement('li');li.setAttribute('data-step',action);li.textContent='\\u2713 '+WORDS[action]+(at?' at '+at:'');steps.appendChild(li);return li;}
function undo(li){var b=document.createElement('button');b.type='button';b.id='act-reopen';b.className='secondary';b.textContent='Undo';b.addEventListener('click',function(){act('reopen');});li.appendChild(b);buttons.reopen=b;}
function keepFocus(action){var f=document.activeElement;if(f&&f!==document.body&&!visit.contains(f))return;
var order=[action].concat(FOCUS_AFTER[action]);for(var i=0;i<order.length;i++){var b=buttons[order[i]];if(b&&!b.hidden&&b.isConnected){b.focus();return;}}
document.getElementById('visit-title').focus();}
function render(){var onSite=!!state.arrivedAt&&!state.leftAt;
steps.textContent='';
if(state.onTheWayAt)step('on-my-way',state.onTheWayAt);
if(state.arrivedAt)step('arrived',state.arrivedAt);
if(state.leftAt)step('done',state.leftAt);
delete buttons.reopen;
if(state.completed){var done=step('complete','');if(undoAs)undo(done);}
steps.hidden=!steps.firstChild;
buttons['on-my-way'].hidden=!(!state.onTheWayAt&&!state.arrivedAt&&!state.completed);
buttons.arrived.hidden=!(!onSite&&!state.completed);buttons.arrived.textContent=state.leftAt?'Arrived again':'Arrived';buttons.arrived.className=state.leftAt?'secondary':'';
buttons.done.hidden=!onSite;
buttons.complete.hidden=!(!state.completed&&!onSite&&(state.leftAt||state.arrivedAt));
hint.textContent=onSite?'Your time on site is being recorded. Press Done when you leave.':state.completed?'':'The office sees each step at once.';}
function act(action){if(busy)return;
if(!client){say(message,'Fieldside cannot save this in this window: close it and open Fieldside from the job card again.','bad');return;}
var id=pending[action]||(pending[action]=action==='done'?state.activityUUID:uuid());
busy=true;for(var k in buttons)buttons[k].disabled=true;say(message,'Saving\\u2026');
var args={jobUUID:main.getAttribute('data-job'),action:action,uuid:id};if(action==='reopen')args.reopenAs=undoAs;
ask('${ADDON_EVENTS.jobAction}',args)
.then(function(r){
if(r&&r.ok===true&&isVisit(r.visit)){state=r.visit;delete pending[action];if(isNote(r.note))showNote(r.note);
if(action==='complete')undoAs=STATUSES.indexOf(r.reopenAs)>=0?r.reopenAs:'';if(action==='reopen')undoAs='';
var chip=document.getElementById('job-status');if(chip&&str(r.status)&&r.status)chip.textContent=r.status;
say(message,SAVED[action],'good');render();}
else if(r&&r.ok===false&&str(r.message)){if(isVisit(r.visit)){state=r.visit;delete pending[action];if(action==='reopen')undoAs='';render();}say(message,r.message,'bad');}
else say(message,FAILED,'bad');},function(){say(message,FAILED,'bad');})
.then(function(){busy=false;for(var k in buttons)buttons[k].disabled=false;keepFocus(action);});}
ACTIONS.forEach(function(action){var b=document.getElementById('act-'+action);buttons[action]=b;b.addEventListener('click',function(){act(action);});});
render();
})();`;
