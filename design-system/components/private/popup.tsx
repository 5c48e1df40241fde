import type { JSX, ReactElement } from 'react';

/**
 * The `render` of a popover that holds a list (a Menu's, a Select's): the popover's own element, without the
 * dialog role. React Aria (1.22) gives every modal popover role=dialog when no Dialog is inside it, menus and
 * selects included (adobe/react-spectrum#10002), so screen readers said "dialog, Actions…" before "menu".
 * The list inside is the popup the trigger announces (aria-haspopup="menu" / "listbox"), and React Aria
 * still contains focus in it, closes it on Escape or a press outside and returns focus to the trigger. A
 * generic element may not carry a name, so the dialog's label goes too (the list keeps its own).
 */
export function renderListPopup(props: JSX.IntrinsicElements['div']): ReactElement {
  if (props.role !== 'dialog') return <div {...props} />;
  const element: JSX.IntrinsicElements['div'] = { ...props };
  delete element.role;
  delete element['aria-label'];
  delete element['aria-labelledby'];
  return <div {...element} />;
}
