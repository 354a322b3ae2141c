// The Code lesson's editor: CodeMirror 6 with Python, bundled by esbuild into the site's
// code/editor.js at build time (src/code/CMakeLists.txt). A lean set-up a student needs: line
// numbers, syntax colours, undo (Ctrl+Z), Tab and Shift+Tab to indent (Escape, then Tab, leaves the
// editor for the page's buttons), brackets matched, the error's line marked; no search panel or
// completion pop-ups, whose English words the page's catalogues would have to carry.
// Japanese, Korean and Chinese input methods work as in any text field (CodeMirror follows the
// browser's composition events), in comments and strings.
import { EditorState, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration, EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab, temporarilySetTabFocusMode } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { python } from '@codemirror/lang-python';

// The line an error points at, marked until the text changes or another run.
const setErrorLine = StateEffect.define();
const errorLine = StateField.define({
  create: () => Decoration.none,
  update(marks, transaction) {
    if (transaction.docChanged) marks = Decoration.none;
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorLine)) continue;
      const line = effect.value;
      marks = line && line <= transaction.state.doc.lines
        ? Decoration.set([Decoration.line({ class: 'cm-error-line' }).range(transaction.state.doc.line(line).from)])
        : Decoration.none;
    }
    return marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '16px', backgroundColor: '#1d222c', color: '#e8eaef' },
  '.cm-content': { fontFamily: '"DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace', caretColor: '#ffd600' },
  '.cm-cursor': { borderLeftColor: '#ffd600', borderLeftWidth: '2px' },
  '.cm-gutters': { backgroundColor: '#161a22', color: '#8a90a0', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'rgba(255,255,255,0.04)' },
  '.cm-activeLineGutter': { backgroundColor: 'rgba(255,255,255,0.08)' },
  '&.cm-focused': { outline: '2px solid #ffd600' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#3a4a6a' },
  '.cm-error-line': { backgroundColor: 'rgba(229,72,77,0.35)' },
}, { dark: true });

// Colours readable on the dark panel (CodeMirror's default style is for a light background).
import { HighlightStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';
const darkHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: '#c678dd' },
  { tag: [tags.function(tags.variableName), tags.function(tags.definition(tags.variableName))], color: '#61afef' },
  { tag: [tags.number, tags.bool, tags.null], color: '#d19a66' },
  { tag: tags.string, color: '#98c379' },
  { tag: tags.comment, color: '#8b93a3', fontStyle: 'italic' },
  { tag: tags.operator, color: '#56b6c2' },
]);

window.gridlabEditor = {
  // An editor in `parent` holding `doc`; onChange(text) after each edit. `label`: its accessible name.
  create(parent, { doc, label, onChange }) {
    const extensions = [
      lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(), history(),
      indentOnInput(), bracketMatching(), indentUnit.of('    '), python(),
      syntaxHighlighting(darkHighlight), syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      keymap.of([{ key: 'Escape', run: temporarilySetTabFocusMode }, indentWithTab, ...defaultKeymap, ...historyKeymap]),
      errorLine, theme,
      EditorView.contentAttributes.of({ 'aria-label': label, autocapitalize: 'off', autocorrect: 'off', spellcheck: 'false' }),
      EditorView.updateListener.of((update) => { if (update.docChanged) onChange(update.state.doc.toString()); }),
    ];
    const view = new EditorView({ parent, state: EditorState.create({ doc, extensions }) });
    return {
      view,
      text: () => view.state.doc.toString(),
      // Replaces the whole text (one undo step): Reset, a loaded file.
      setText(text) { view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }); },
      // Another program, not an edit of this one (a lesson opened): the text and a fresh undo history, so
      // Ctrl+Z never brings back the last lesson's program.
      load(text) { view.setState(EditorState.create({ doc: text, extensions })); },
      // Marks `line` (1-based), or clears the mark with null, and scrolls to it.
      markLine(line) {
        const effects = [setErrorLine.of(line)];
        if (line && line <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' }));
        view.dispatch({ effects });
      },
      setLabel(text) { view.contentDOM.setAttribute('aria-label', text); },
      focus() { view.focus(); },
    };
  },
};
