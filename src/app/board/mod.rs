//! The `<Board>` component: a keyboard-navigable grid of square buttons that
//! turns taps, drags and keys into intents.
//!
//! It draws a [`BoardView`] and nothing else; what each square looks like is
//! decided in [`view`]. Click-click, drag (mouse, touch, pen: Pointer
//! Events) and Enter/Space all end in the same two callbacks,
//! `on_tap(square)` and `on_drag(from, to)`; the controller decides. The
//! board enforces its input mode: it emits nothing while the view's side to
//! move is not one a person here plays (a replay, a spectator, the
//! computer's turn), and a drag starts only from that side's soldiers. The
//! grid stays left-to-right under Arabic: `a1` is bottom-left in every
//! language.
//!
//! Testing contract: the root has `data-testid="board"`, `data-phase` and
//! `data-to-move`; every square carries `data-square="<name>"`, an occupied
//! one `data-piece="attacker|defender"`, a legal destination of the selected
//! soldier `data-dest="true"`, the chain soldier `data-forced="true"`; the
//! root's `data-input` is `true` while it takes gestures.

pub mod view;

use crate::tr;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys;

use self::view::{piece_token, BoardView, FocusKey, SquareView};
use crate::engine::{Side, Square};

/// The arrows' heads, one for each kind of arrow ([`view::Highlight`]'s
/// classes), each in its own arrow's colour (the style sheet's): fixed
/// markup, set as it is.
const ARROW_HEADS: &str = r#"<marker id="arrow-head-hint" class="hint" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker><marker id="arrow-head-focus" class="focus" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker><marker id="arrow-head-danger" class="danger" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker>"#;

/// How far (CSS pixels) a pointer must travel before a press becomes a drag.
const DRAG_THRESHOLD: f64 = 6.0;

/// A press on a soldier that may become a drag.
#[derive(Clone, Copy, Debug)]
struct Press {
    from: Square,
    piece: Side,
    x: f64,
    y: f64,
    dragging: bool,
}

/// The letters or numbers along one edge of the board, each in a span.
fn edge_labels(labels: Vec<char>) -> impl IntoView {
    labels
        .into_iter()
        .map(|label| view! { <span>{label.to_string()}</span> })
        .collect_view()
}

/// The square element under a point of the page, if any.
fn square_at_point(x: f64, y: f64) -> Option<Square> {
    let element = document().element_from_point(x as f32, y as f32)?;
    let square = element.closest("[data-square]").ok()??;
    square.get_attribute("data-square")?.parse().ok()
}

/// The square an event happened on.
fn event_square(event: &web_sys::Event) -> Option<Square> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    let square = target.closest("[data-square]").ok()??;
    square.get_attribute("data-square")?.parse().ok()
}

/// The board, drawn from `view`; `on_tap` and `on_drag` receive the intents.
#[component]
pub fn Board(
    #[prop(into)] view: Signal<BoardView>,
    #[prop(optional, into)] on_tap: Option<Callback<Square>>,
    #[prop(optional, into)] on_drag: Option<Callback<(Square, Square)>>,
) -> impl IntoView {
    // Roving tabindex: one square is in the tab order; arrow keys move it.
    let focused = RwSignal::new(None::<Square>);
    let board_ref = NodeRef::<leptos::html::Div>::new();
    let press = RwSignal::new(None::<Press>);
    // Where the dragged soldier is drawn, in whole pixels.
    let ghost = RwSignal::new(None::<(Side, i32, i32)>);
    // A click that follows a drag's release is part of the drag.
    let swallow_click = StoredValue::new(false);

    let accepts = move || view.with_untracked(BoardView::accepts_input);
    let tap = move |square: Square| {
        if let (Some(on_tap), true) = (on_tap, accepts()) {
            on_tap.run(square);
        }
    };

    let on_keydown = move |event: web_sys::KeyboardEvent| {
        let Some(key) = FocusKey::from_key(&event.key()) else {
            return;
        };
        event.prevent_default();
        let board = view.get_untracked();
        let from = focused.get_untracked().unwrap_or(board.size.malha());
        let to = board.next_focus(from, key);
        focused.set(Some(to));
        focus_square(board_ref, to);
    };

    let on_pointerdown = move |event: web_sys::PointerEvent| {
        swallow_click.set_value(false);
        if event.button() != 0 {
            return;
        }
        let Some(square) = event_square(&event) else {
            return;
        };
        // Only the side to move's soldiers are picked up, and only by its
        // player (an editor picks up any piece).
        let Some(piece) =
            view.with_untracked(|b| b.piece(square).filter(|p| b.editing || *p == b.to_move))
        else {
            return;
        };
        if !accepts() {
            return;
        }
        press.set(Some(Press {
            from: square,
            piece,
            x: f64::from(event.client_x()),
            y: f64::from(event.client_y()),
            dragging: false,
        }));
    };

    let on_pointermove = move |event: web_sys::PointerEvent| {
        let Some(mut current) = press.get_untracked() else {
            return;
        };
        let (x, y) = (f64::from(event.client_x()), f64::from(event.client_y()));
        if !current.dragging && (x - current.x).hypot(y - current.y) >= DRAG_THRESHOLD {
            current.dragging = true;
            press.set(Some(current));
            // Keep the pointer's events while it drags, even off the board.
            // Only now: a captured press would send a plain tap's click to
            // the board instead of the square.
            if let Some(board) = board_ref.get_untracked() {
                let _ = board.set_pointer_capture(event.pointer_id());
            }
        }
        if current.dragging {
            event.prevent_default();
            ghost.set(Some((current.piece, event.client_x(), event.client_y())));
        }
    };

    let on_pointerup = move |event: web_sys::PointerEvent| {
        let Some(current) = press.get_untracked() else {
            return;
        };
        press.set(None);
        ghost.set(None);
        if !current.dragging {
            return;
        }
        swallow_click.set_value(true);
        let (x, y) = (f64::from(event.client_x()), f64::from(event.client_y()));
        if let (Some(to), Some(on_drag), true) = (square_at_point(x, y), on_drag, accepts()) {
            on_drag.run((current.from, to));
        }
    };

    let on_pointercancel = move |_: web_sys::PointerEvent| {
        press.set(None);
        ghost.set(None);
    };

    let on_click = move |event: web_sys::MouseEvent| {
        if swallow_click.get_value() {
            swallow_click.set_value(false);
            return;
        }
        if let Some(square) = event_square(&event) {
            focused.set(Some(square));
            tap(square);
        }
    };

    // The soldier being dragged: a plain press (a tap) changes nothing on
    // screen, so the squares are not re-rendered between pointer down and up.
    let dragged = Memo::new(move |_| press.get().filter(|p| p.dragging).map(|p| p.from));
    // Which square sits where: the rows are built again only when that
    // changes (another board, turned round). Each square then follows its
    // own part of the view, so a ply redraws the squares it changed, not
    // the whole board (a tap on a slow phone waits for what it redraws).
    let layout = Memo::new(move |_| {
        view.with(|b| {
            let side = b.size.side();
            (0..side)
                .map(|row| {
                    (0..side)
                        .filter_map(|column| b.square_at(row, column))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    });
    let tab_stop = Memo::new(move |_| {
        let size = view.with(|b| b.size);
        focused
            .get()
            .filter(|s| size.contains(*s))
            .unwrap_or(size.malha())
    });
    let rows = move || {
        layout
            .get()
            .into_iter()
            .map(|row| {
                let cells = row
                    .into_iter()
                    .map(|square| square_button(view, square, tab_stop, dragged, focused))
                    .collect_view();
                view! { <div role="row" class="board-row">{cells}</div> }
            })
            .collect_view()
    };

    let side = move || view.with(|b| b.size.side());
    view! {
        <div class="board-frame" dir="ltr" style=move || format!("--side: {}", side())>
            <div class="ranks" aria-hidden="true">
                {move || edge_labels(view.with(BoardView::rank_labels))}
            </div>
            <div
                class="board"
                class:points=move || view.with(|b| b.points)
                class:flipped=move || view.with(|b| b.flipped)
                role="grid"
                node_ref=board_ref
                data-testid="board"
                data-phase=move || view.with(|b| b.phase.token())
                data-input=move || view.with(|b| b.accepts_input().to_string())
                aria-readonly=move || view.with(|b| (!b.accepts_input()).to_string())
                data-flipped=move || view.with(|b| b.flipped.to_string())
                data-to-move=move || view.with(|b| b.to_move.token())
                aria-label=move || tr!("board-label")
                data-size=side
                data-board=move || if view.with(|b| b.points) { "points" } else { "squares" }
                on:keydown=on_keydown
                on:pointerdown=on_pointerdown
                on:pointermove=on_pointermove
                on:pointerup=on_pointerup
                on:pointercancel=on_pointercancel
                on:click=on_click
            >
                {rows}
                {move || {
                    let arrows = view.with(|b| {
                        b.marks
                            .arrows
                            .iter()
                            .map(|a| (b.arrow_line(a), a.kind.class()))
                            .collect::<Vec<_>>()
                    });
                    (!arrows.is_empty()).then(|| {
                        let side = view.with_untracked(|b| b.size.side());
                        let lines = arrows
                            .into_iter()
                            .map(|([x1, y1, x2, y2], kind)| {
                                view! {
                                    <line class=format!("arrow {kind}") x1=x1 y1=y1 x2=x2 y2=y2
                                        marker-end=format!("url(#arrow-head-{kind})")/>
                                }
                            })
                            .collect_view();
                        view! {
                            <svg class="arrows" viewBox=format!("0 0 {0} {0}", u16::from(side) * 100) aria-hidden="true"
                                data-testid="board-arrows">
                                <defs inner_html=ARROW_HEADS></defs>
                                {lines}
                            </svg>
                        }
                    })
                }}
            </div>
            <div class="files" aria-hidden="true">
                {move || edge_labels(view.with(BoardView::file_labels))}
            </div>
            {move || {
                ghost
                    .get()
                    .map(|(piece, x, y)| {
                        let token = piece_token(Some(piece));
                        view! {
                            <span
                                class=format!("soldier {token} ghost")
                                aria-hidden="true"
                                style=format!("left: {x}px; top: {y}px")
                            ></span>
                        }
                    })
            }}
        </div>
    }
}

/// One square, following its own part of `view`.
fn square_button(
    view: Signal<BoardView>,
    square: Square,
    tab_stop: Memo<Square>,
    dragged: Memo<Option<Square>>,
    focused: RwSignal<Option<Square>>,
) -> impl IntoView {
    let cell = Memo::new(move |_| view.with(|b| b.square_view(square)));
    let name = square.to_string();
    let token = move || cell.with(|c| piece_token(c.piece));
    let label = {
        let name = name.clone();
        move || {
            let (label_piece, is_malha, state) = cell.with(|c| {
                // What the label calls the piece: Kharbaga names its players'
                // soldiers and Mullahs; the other games their Attacker's and
                // Defender's.
                let label_piece = match (c.points, c.piece, c.mullah) {
                    (true, Some(Side::First), false) => "first",
                    (true, Some(Side::Second), false) => "second",
                    (true, Some(Side::First), true) => "first-mullah",
                    (true, Some(Side::Second), true) => "second-mullah",
                    _ => piece_token(c.piece),
                };
                let state = if c.is_forced {
                    "forced"
                } else if c.is_destination {
                    "dest"
                } else if c.is_forbidden {
                    "forbidden"
                } else {
                    "none"
                };
                (label_piece, c.is_malha, state)
            });
            tr!("square-label", {
                "square" => name.clone(),
                "malha" => if is_malha { "yes" } else { "no" },
                "piece" => label_piece,
                "state" => state,
            })
        }
    };
    let title = move || {
        cell.with(|c| c.is_forbidden)
            .then(|| tr!("square-forbidden"))
    };
    let flag = move |f: fn(&SquareView) -> bool| move || cell.with(f).then_some("true");
    view! {
        <button
            type="button"
            role="gridcell"
            class=move || cell.with(|c| c.classes.clone())
            data-square=name
            data-piece=move || cell.with(|c| c.piece.is_some()).then(token)
            data-mullah=flag(|c| c.mullah)
            data-dest=flag(|c| c.is_destination)
            data-forced=flag(|c| c.is_forced)
            tabindex=move || if tab_stop.get() == square { "0" } else { "-1" }
            aria-label=label
            title=title
            on:focus=move |_| focused.set(Some(square))
        >
            {move || cell.with(|c| c.removed).map(|side| {
                let class = format!("soldier {} fading", piece_token(Some(side)));
                view! { <span class=class aria-hidden="true"></span> }
            })}
            {move || {
                let (piece, mullah) = cell.with(|c| (c.piece, c.mullah));
                let lifted = dragged.get() == Some(square);
                piece.map(|side| {
                    let token = piece_token(Some(side));
                    let mullah = if mullah { " mullah" } else { "" };
                    let class = if lifted {
                        format!("soldier {token}{mullah} lifted")
                    } else {
                        format!("soldier {token}{mullah}")
                    };
                    view! { <span class=class aria-hidden="true"></span> }
                })
            }}
        </button>
    }
}

fn focus_square(board: NodeRef<leptos::html::Div>, square: Square) {
    let Some(board) = board.get_untracked() else {
        return;
    };
    let selector = format!("[data-square=\"{square}\"]");
    if let Ok(Some(element)) = board.query_selector(&selector) {
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            // A square that cannot take focus is simply not focused.
            let _ = element.focus();
        }
    }
}
