import { ADDON_EVENTS } from '../events';
import { NOTE_MAX_LENGTH } from '../note-answer';
import { PHOTO_SCRIPT } from './panel-photo-script';
import { VISIT_SCRIPT } from './panel-visit-script';

// The panel's one script (inline, under the page's nonce). It opens the platform's client SDK, sizes the window on
// the web, and adds a note through `invoke`: the note's uuid is chosen once and kept until the platform has the
// note, so a retry after a lost answer never writes twice; the typed text stays in the box until then. `invoke`
// resolves with the follow-up's eventResponse, the companion's JSON answer: checked before it is shown, and shown
// as text only. The visit's steps (panel-visit-script.ts) and photos (panel-photo-script.ts) run in the same scope.

export const PANEL_SCRIPT = `(function(){
var main=document.getElementById('fieldside-panel');
var client=null;
try{client=window.SMClient.init();}catch(e){}
if(client&&main.getAttribute('data-place')==='web'){try{client.resizeWindow(600,720);}catch(e){}}
var closers=document.querySelectorAll('[data-close]');
for(var i=0;i<closers.length;i++)closers[i].addEventListener('click',function(){if(client)client.closeWindow();});
var list=document.getElementById('notes'),none=document.getElementById('no-notes');
function uuid(){var b=new Uint8Array(16);crypto.getRandomValues(b);b[6]=b[6]&15|64;b[8]=b[8]&63|128;var h='';for(var i=0;i<16;i++){h+=(b[i]+256).toString(16).slice(1);if(i===3||i===5||i===7||i===9)h+='-';}return h;}
function str(v){return typeof v==='string';}
function say(el,text,kind){el.textContent=text;el.className=kind||'';}
function isNote(n){return !!n&&str(n.uuid)&&str(n.text)&&str(n.author)&&str(n.when);}
function ask(name,args){return Promise.resolve().then(function(){return client.invoke(name,args);}).then(function(answer){
try{var a=typeof answer==='string'?JSON.parse(answer):answer;}catch(e){return null;}
return a&&typeof a==='object'?a:null;});}
function showNote(n){if(!list)return;var li=document.createElement('li'),meta=document.createElement('p'),text=document.createElement('p');
meta.className='meta';meta.textContent=n.author+(n.when?' \\u00b7 '+n.when:'');text.className='text';text.textContent=n.text;
li.appendChild(meta);li.appendChild(text);list.insertBefore(li,list.firstChild);if(none)none.hidden=true;}
(function(){
var box=document.getElementById('note-text');
if(!box)return;
var button=document.getElementById('note-add'),message=document.getElementById('note-message');
var pending=null,busy=false;
var FAILED='Fieldside could not save the note just now. Your text is still here: try again in a moment.';
function add(){if(busy)return;var note=box.value.trim();
if(!note){say(message,'Write the note first.','bad');box.focus();return;}
if(note.length>${NOTE_MAX_LENGTH}){say(message,'This note is too long: keep it under ${NOTE_MAX_LENGTH} characters.','bad');return;}
if(!client){say(message,'Fieldside cannot save notes in this window: close it and open Fieldside from the job card again.','bad');return;}
if(!pending)pending=uuid();
busy=true;button.disabled=true;say(message,'Saving your note\\u2026');
ask('${ADDON_EVENTS.addNote}',{jobUUID:main.getAttribute('data-job'),uuid:pending,note:note})
.then(function(a){
if(a&&a.ok===true&&isNote(a.note)){showNote(a.note);pending=null;if(box.value.trim()===note)box.value='';say(message,'Note added.','good');}
else say(message,a&&a.ok===false&&str(a.message)?a.message:FAILED,'bad');},function(){say(message,FAILED,'bad');})
.then(function(){busy=false;button.disabled=false;});}
button.addEventListener('click',add);
box.addEventListener('keydown',function(e){if(e.key==='Enter'&&(e.ctrlKey||e.metaKey)){e.preventDefault();add();}});
})();
${VISIT_SCRIPT}
${PHOTO_SCRIPT}
})();`;
