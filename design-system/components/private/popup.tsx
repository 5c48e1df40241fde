import type { JSX, ReactElement } from 'react';

type DivProps = JSX.IntrinsicElements['div'];

/** A popover's element that is no dialog is a plain container: a generic element may not carry a name. */
function renderUnnamedUnlessDialog(props: DivProps): ReactElement {
  if (props.role === 'dialog') return <div {...props} />;
  const element: DivProps = { ...props };
  delete element['aria-label'];
  delete element['aria-labelledby'];
  return <div {...element} />;
}

/**
 * The `render` of a popover that holds free content. React Aria names the popover's element after its trigger
 * even when a Dialog inside is the dialog (and the element has no role): that name goes, the Dialog has its own.
 */
export function renderPopover(props: DivProps): ReactElement {
  return renderUnnamedUnlessDialog(props);
}

/**
 * The `render` of a popover that holds a list (a Menu's, a Select's): the popover's own element, without the
 * dialog role. React Aria (1.22) gives every modal popover role=dialog when no Dialog is inside it, menus and
 * selects included (adobe/react-spectrum#10002), so screen readers said "dialog, Actions…" before "menu".
 * The list inside is the popup the trigger announces (aria-haspopup="menu" / "listbox"), and React Aria
 * still contains focus in it, closes it on Escape or a press outside and returns focus to the trigger. The
 * dialog's name goes with its role (the list keeps its own).
 */
export function renderListPopup(props: DivProps): ReactElement {
  if (props.role !== 'dialog') return renderUnnamedUnlessDialog(props);
  const element: DivProps = { ...props };
  delete element.role;
  return renderUnnamedUnlessDialog(element);
}
