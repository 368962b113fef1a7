import { EARLY_USAGE, EARLY_USAGE_TEMPLATE, USAGE_SAMPLE } from '../src/app/earlyUsage.ts';
import { EARLY_PAINT } from '../src/store/earlyResponses.ts';
import { trialNote, usedPercent } from '../src/features/calls/usageFigures.ts';

// Where each of the sample's figures is in the card's markup, and the marker that takes its place.
const sample = USAGE_SAMPLE;
const percent = usedPercent(sample.minutes_used, sample.included_minutes);
const FIGURES: [string, string][] = [
  [`>${sample.minutes_used}<`, '>{used}<'],
  [`>${sample.included_minutes}<`, '>{included}<'],
  [`aria-valuenow="${percent}"`, 'aria-valuenow="{percent}"'],
  [`translateX(${percent - 100}%)`, 'translateX({shift}%)'],
  [`>${sample.trial!.minutes_used}<`, '>{trialUsed}<'],
  [`>${sample.trial!.minutes_limit}<`, '>{trialLimit}<'],
];

/**
 * The usage card rendered by the build for the sample answer (src/prerender.tsx), as a <template>
 * for app.html with a marker for each figure; a figure the markup no longer shows as expected stops
 * the build, rather than painting the sample's.
 */
export function usageTemplate(card: string): string {
  let html = card;
  for (const [figure, marker] of FIGURES) {
    if (!html.includes(figure)) throw new Error(`early usage: the card has no ${figure}`);
    html = html.split(figure).join(marker);
  }
  return `<template id="${EARLY_USAGE_TEMPLATE}">${html}</template>`;
}

/**
 * Inline script (scripts/route-preload-plugin.ts): given the early usage answer, paints the card from
 * the template below the app's loading indicator, when the answer is one the template shows (a trial
 * with its plain note, no overage: the first two weeks of every account). The app removes it, and the
 * template, once a page has rendered (src/app/Layout.tsx); with the template gone it paints nothing.
 */
export const paintEarlyUsage =
  `function(a){var t=document.getElementById(${JSON.stringify(EARLY_USAGE_TEMPLATE)});` +
  `if(!t||!a||a.overage_cents!==0||!a.trial||(${trialNote.toString()})(a.trial.minutes_used,a.trial.minutes_limit)!=='plain')return;` +
  `var p=(${usedPercent.toString()})(a.minutes_used,a.included_minutes);` +
  `var v={used:a.minutes_used,included:a.included_minutes,percent:p,shift:p-100,trialUsed:a.trial.minutes_used,trialLimit:a.trial.minutes_limit};` +
  `var d=document.createElement('div');d.id=${JSON.stringify(EARLY_USAGE)};` +
  // Over the loading indicator's lower part (80 px padding and 40 px spinner above), out of the flow.
  `d.style.cssText='position:absolute;top:152px;left:0;right:0';` +
  `d.innerHTML=t.innerHTML.replace(/\\{(\\w+)\\}/g,function(m,k){return String(Number(v[k]))});` +
  `document.body.appendChild(d)}`;

/**
 * Inline script: runs `start` (a function's source) once the early usage card has had its frame
 * (EARLY_PAINT), or at once on any other visit. The app's code is fetched from there: downloading it
 * beside the usage answer would share a phone's bandwidth with it and put its parsing before the paint.
 */
export const afterEarlyPaint = (start: string) =>
  `(function(f,p){p?p.then(function(){requestAnimationFrame(function(){setTimeout(f)})}):f()})` +
  `(${start},window.${EARLY_PAINT})`;
