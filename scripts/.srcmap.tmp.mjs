import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = JSON.parse(readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
const lines = code.split('\n');
const sizes = {};
c.eachMapping(() => {});
// approximate: attribute each char to the source of the nearest preceding mapping
const mappings = [];
c.eachMapping(m => mappings.push(m));
mappings.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
for (let i=0;i<mappings.length;i++){const m=mappings[i];const n=mappings[i+1];let len;
 if(n&&n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn; else len=lines[m.generatedLine-1].length-m.generatedColumn;
 let s=m.source||'?'; s = process.env.FULL ? s.replace(/.*node_modules\//,'') : ((m2)=>m2?m2[1]:s.replace(/.*\/src\//,'src/'))(s.match(/node_modules\/((@[^/]+\/)?[^/]+)/)); sizes[s]=(sizes[s]||0)+len;}
for (const [k,v] of Object.entries(sizes).sort((a,b)=>b[1]-a[1]).slice(0,30)) console.log((v/1024).toFixed(1).padStart(7),k);
