import { ADDON_EVENTS } from '../events';
import { NOTE_MAX_LENGTH } from '../note-answer';

// The panel's one script (inline, under the page's nonce). It opens the platform's client SDK, sizes the window on
// the web, and adds a note through `invoke`: the note's uuid is chosen once and kept until the platform has the
// note, so a retry after a lost answer never writes twice; the typed text stays in the box until then. `invoke`
// resolves with the follow-up's eventResponse, the companion's JSON answer: checked before it is shown, and shown
// as text only.

export const PANEL_SCRIPT = `(function(){
var main=document.getElementById('fieldside-panel');
var client=null;
try{client=window.SMClient.init();}catch(e){}
if(client&&main.getAttribute('data-place')==='web'){try{client.resizeWindow(600,720);}catch(e){}}
var closers=document.querySelectorAll('[data-close]');
for(var i=0;i<closers.length;i++)closers[i].addEventListener('click',function(){if(client)client.closeWindow();});
var box=document.getElementById('note-text');
if(!box)return;
var button=document.getElementById('note-add'),message=document.getElementById('note-message'),list=document.getElementById('notes'),none=document.getElementById('no-notes');
var pending=null,busy=false;
var FAILED='Fieldside could not save the note just now. Your text is still here: try again in a moment.';
function say(text,kind){message.textContent=text;message.className=kind||'';}
function uuid(){var b=new Uint8Array(16);crypto.getRandomValues(b);b[6]=b[6]&15|64;b[8]=b[8]&63|128;var h='';for(var i=0;i<16;i++){h+=(b[i]+256).toString(16).slice(1);if(i===3||i===5||i===7||i===9)h+='-';}return h;}
function str(v){return typeof v==='string';}
function parse(answer){try{var a=typeof answer==='string'?JSON.parse(answer):answer;}catch(e){return null;}
if(!a||typeof a!=='object')return null;
if(a.ok===true&&a.note&&str(a.note.uuid)&&str(a.note.text)&&str(a.note.author)&&str(a.note.when))return a;
if(a.ok===false&&str(a.message))return a;return null;}
function show(n){var li=document.createElement('li'),meta=document.createElement('p'),text=document.createElement('p');
meta.className='meta';meta.textContent=n.author+(n.when?' \\u00b7 '+n.when:'');text.className='text';text.textContent=n.text;
li.appendChild(meta);li.appendChild(text);list.insertBefore(li,list.firstChild);if(none)none.hidden=true;}
function add(){if(busy)return;var note=box.value.trim();
if(!note){say('Write the note first.','bad');box.focus();return;}
if(note.length>${NOTE_MAX_LENGTH}){say('This note is too long: keep it under ${NOTE_MAX_LENGTH} characters.','bad');return;}
if(!client){say('Fieldside cannot save notes in this window: close it and open Fieldside from the job card again.','bad');return;}
if(!pending)pending=uuid();
busy=true;button.disabled=true;say('Saving your note\\u2026');
Promise.resolve().then(function(){return client.invoke('${ADDON_EVENTS.addNote}',{jobUUID:main.getAttribute('data-job'),uuid:pending,note:note});})
.then(function(answer){var a=parse(answer);
if(a&&a.ok){show(a.note);pending=null;if(box.value.trim()===note)box.value='';say('Note added.','good');}
else say(a?a.message:FAILED,'bad');},function(){say(FAILED,'bad');})
.then(function(){busy=false;button.disabled=false;});}
button.addEventListener('click',add);
box.addEventListener('keydown',function(e){if(e.key==='Enter'&&(e.ctrlKey||e.metaKey)){e.preventDefault();add();}});
})();`;
