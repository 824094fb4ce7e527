import { PHOTO_MAX_BYTES } from '../photo-route';

// The photos' part of the panel's script (inside panel-script.ts's scope: `uuid`, `str`, `say`). A photo is far
// larger than `invoke` carries, so it goes to the companion itself (`connect-src` names only that address), as
// form data with the upload ticket the section carries: the platform's signed word on who may add photos to this
// job. Each photo gets a uuid once, kept through every retry, so the platform holds it once; the file stays in the
// window (an opaque origin has no storage) until it is sent, with its progress.

export const PHOTO_SCRIPT = `(function(){
var box=document.getElementById('photos');
if(!box)return;
var url=box.getAttribute('data-upload-url'),ticket=box.getAttribute('data-ticket'),shown=document.getElementById('photo-list');
var FAILED='The photo could not be sent. It stays here while this window is open: try again.';
var OFFLINE='No connection, so the photo is not sent yet. It stays here while this window is open: try again when you have signal.';
function send(item){var x=new XMLHttpRequest();
item.retry.hidden=true;item.li.setAttribute('data-state','sending');say(item.status,'Sending\\u2026');item.bar.hidden=false;item.bar.value=0;
x.open('POST',url);
x.upload.onprogress=function(e){if(e.lengthComputable){var p=Math.round(e.loaded*100/e.total);item.bar.value=p;say(item.status,'Sending '+p+'%');}};
x.onload=function(){var r=null;try{r=JSON.parse(x.responseText);}catch(e){}
item.bar.hidden=true;
if(r&&r.ok===true){say(item.status,'Added to the job','good');item.li.setAttribute('data-state','sent');}
else{say(item.status,r&&str(r.message)?r.message:FAILED,'bad');item.li.setAttribute('data-state','failed');item.retry.hidden=!!(r&&r.ok===false&&Math.floor(x.status/100)===4&&x.status!==408);}};
x.onerror=function(){item.bar.hidden=true;say(item.status,OFFLINE,'bad');item.li.setAttribute('data-state','failed');item.retry.hidden=false;};
var form=new FormData();form.append('ticket',ticket);form.append('uuid',item.uuid);form.append('file',item.file,item.file.name||'photo.jpg');
x.send(form);}
function add(file){var li=document.createElement('li'),name=document.createElement('p'),status=document.createElement('p'),bar=document.createElement('progress'),retry=document.createElement('button');
name.className='name';name.textContent=file.name||'Photo';status.setAttribute('role','status');bar.max=100;bar.hidden=true;
retry.type='button';retry.textContent='Try again';retry.hidden=true;
li.appendChild(name);li.appendChild(bar);li.appendChild(status);li.appendChild(retry);shown.insertBefore(li,shown.firstChild);
if(file.size>${PHOTO_MAX_BYTES}){say(status,'This file is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB: send a smaller photo.','bad');li.setAttribute('data-state','failed');return;}
var item={file:file,uuid:uuid(),li:li,status:status,bar:bar,retry:retry};
retry.addEventListener('click',function(){send(item);});
send(item);}
var inputs=box.querySelectorAll('input[type=file]');
for(var i=0;i<inputs.length;i++)inputs[i].addEventListener('change',function(e){var input=e.target;
for(var j=0;j<input.files.length;j++)add(input.files[j]);input.value='';});
})();`;
