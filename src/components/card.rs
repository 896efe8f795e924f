//! Cards drawn in SVG by the app itself: crisp at any size. In symbol mode each colored card
//! carries its color's ColorADD symbol in the top-left and bottom-right corners.

use crate::settings::Settings;
use uno_engine::{Card, Color, Edition, Face};
use yew::prelude::*;

/// The fill of a card color.
#[must_use]
pub fn fill(color: Color) -> &'static str {
    match color {
        Color::Red => "#d32f2f",
        Color::Blue => "#1565c0",
        Color::Green => "#2e7d32",
        Color::Yellow => "#f9a825",
        Color::Purple => "#6a1b9a",
    }
}

#[derive(Properties, PartialEq)]
pub struct SymbolProps {
    pub color: Color,
    /// Where the symbol's 10×10 box goes in its picture (an SVG transform), if not at 0,0.
    #[prop_or_default]
    pub transform: Option<&'static str>,
}

/// A color's name in lower case, as CSS classes use it (no Unicode case tables needed).
#[must_use]
pub fn lower(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Blue => "blue",
        Color::Green => "green",
        Color::Yellow => "yellow",
        Color::Purple => "purple",
    }
}

/// A color's ColorADD symbol, in black on a white badge: yellow a diagonal stroke, red a
/// triangle pointing up, blue a triangle pointing down; green is stroke + down triangle and
/// purple up + down triangles.
#[function_component(ColorSymbol)]
pub fn color_symbol(props: &SymbolProps) -> Html {
    let stroke = html! { <line class="coloradd-stroke" x1="1.5" y1="8.5" x2="8.5" y2="1.5" stroke="#111" stroke-width="1.6" stroke-linecap="round"/> };
    let up = html! { <polygon class="coloradd-up" points="5,1.2 8.8,8.8 1.2,8.8" fill="#111"/> };
    let down =
        html! { <polygon class="coloradd-down" points="1.2,1.2 8.8,1.2 5,8.8" fill="#111"/> };
    let small_up = html! { <polygon class="coloradd-up" points="3,1 5.5,5 0.5,5" fill="#111"/> };
    let small_down =
        html! { <polygon class="coloradd-down" points="4.5,5 9.5,5 7,9" fill="#111"/> };
    let shapes = match props.color {
        Color::Yellow => stroke,
        Color::Red => up,
        Color::Blue => down,
        Color::Green => {
            html! { <>{ stroke }<polygon class="coloradd-down" points="5,5 9.5,5 7.25,9.5" fill="#111"/></> }
        }
        Color::Purple => html! { <>{ small_up }{ small_down }</> },
    };
    html! {
        <g class={classes!("coloradd", format!("coloradd-{}", lower(props.color)))}
           transform={props.transform}>
            <rect x="-0.5" y="-0.5" width="11" height="11" rx="2" fill="#fff"/>
            { shapes }
        </g>
    }
}

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub card: Card,
    /// ColorADD symbols on.
    #[prop_or_default]
    pub symbols: bool,
    /// The color a Wild was given (shown as a ring), if any.
    #[prop_or_default]
    pub named: Option<Color>,
}

/// What the card's corners (and a plain card's middle) print; the special Wilds have
/// pictures instead, and a Power of Grayskull prints what it does to the others.
fn label(card: Card) -> &'static str {
    match card.face() {
        Face::Number(n) => ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"][usize::from(n)],
        Face::Skip => "⊘",
        Face::Reverse => "⇄",
        Face::DrawTwo => "+2",
        Face::Wild => "W",
        Face::WildDrawFour => "+4",
        Face::WildGrayskull => "+3",
        Face::WildWebSwing | Face::WildCustom => "",
    }
}

/// The four colors in a Wild's oval: the colors of the edition at the table.
fn quarters(colors: [Color; 4]) -> Html {
    let [a, b, c, d] = colors.map(fill);
    html! {
        <g class="wild-colors">
            <path d="M30 20 A 22 26 0 0 1 52 45 L30 45 Z" fill={a}/>
            <path d="M52 45 A 22 26 0 0 1 30 70 L30 45 Z" fill={b}/>
            <path d="M30 70 A 22 26 0 0 1 8 45 L30 45 Z" fill={c}/>
            <path d="M8 45 A 22 26 0 0 1 30 20 L30 45 Z" fill={d}/>
        </g>
    }
}

/// The middle of a special Wild: Castle Grayskull's skull, a spider's web, or the blank to
/// write a house rule on.
fn picture(card: Card, edition: Edition) -> Html {
    match card.face() {
        Face::WildGrayskull => html! {
            <g class="face-grayskull">
                <ellipse cx="30" cy="40" rx="13" ry="12" fill="#cfd8dc" stroke="#263238"/>
                <rect x="23" y="47" width="14" height="10" rx="3" fill="#cfd8dc" stroke="#263238"/>
                <ellipse cx="25" cy="40" rx="3.6" ry="4" fill="#263238"/>
                <ellipse cx="35" cy="40" rx="3.6" ry="4" fill="#263238"/>
                <path d="M30 44 l-2 4 h4 z" fill="#263238"/>
                <path d="M26 52 v5 M30 52 v5 M34 52 v5" stroke="#263238" stroke-width="1.2"/>
            </g>
        },
        Face::WildWebSwing => html! {
            <g class="face-web" stroke="#fff" stroke-width="1" fill="none">
                <path d="M30 22 V68 M10 45 H50 M16 29 L44 61 M44 29 L16 61"/>
                <path d="M30 29 L39 33 L43 45 L39 57 L30 61 L21 57 L17 45 L21 33 Z"/>
                <path d="M30 37 L35 39 L37 45 L35 51 L30 53 L25 51 L23 45 L25 39 Z"/>
                <circle cx="30" cy="45" r="2.2" fill="#c62828" stroke="none"/>
            </g>
        },
        _ => html! {
            <g class="face-custom">
                <rect x="12" y="24" width="36" height="42" rx="4" fill="#fff" stroke="#555" stroke-dasharray="3 2"/>
                <path d="M18 56 L40 34 L43 37 L21 59 L17 60 Z" fill="#ffd54f" stroke="#333" stroke-width="0.8"/>
                <text x="30" y="32" font-size="6.5" font-weight="700" text-anchor="middle" fill="#333">
                    { if edition == Edition::ColorAdd { "CUSTOM" } else { "BLANK" } }
                </text>
            </g>
        },
    }
}

/// One card face, 60×90 units, scaled by CSS.
#[function_component(CardFace)]
pub fn card_face(props: &CardProps) -> Html {
    let settings = use_context::<Settings>().unwrap_or_default();
    let colors = settings.edition.rules().colors;
    let card = props.card;
    let text = label(card);
    let special = matches!(
        card.face(),
        Face::WildGrayskull | Face::WildWebSwing | Face::WildCustom
    );
    let dark_text = card.color() == Some(Color::Yellow);
    let ink = if dark_text { "#111" } else { "#fff" };
    let body = match card.color() {
        Some(c) => html! { <rect x="4" y="4" width="52" height="82" rx="6" fill={fill(c)}/> },
        None => html! {
            <g>
                <rect x="4" y="4" width="52" height="82" rx="6" fill="#212121"/>
                if card.face() != Face::WildCustom { { quarters(colors) } }
            </g>
        },
    };
    let corner = |x: &'static str, y: &'static str, anchor: &'static str| {
        html! { <text {x} {y} font-size="11" font-weight="700" text-anchor={anchor} fill={ink}>{ text }</text> }
    };
    let symbols = match card.color() {
        Some(c) if props.symbols => html! {
            <>
                <ColorSymbol color={c} transform="translate(7 19) scale(.9)"/>
                <ColorSymbol color={c} transform="translate(44 62) scale(.9)"/>
            </>
        },
        _ => html! {},
    };
    let ring = match props.named {
        Some(c) if card.is_wild() => html! {
            <rect class="named-color" x="1.5" y="1.5" width="57" height="87" rx="8" fill="none" stroke={fill(c)} stroke-width="3"/>
        },
        _ => html! {},
    };
    html! {
        <svg class="card-svg" viewBox="0 0 60 90" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="59" height="89" rx="8" fill="#fff" stroke="#999"/>
            { body }
            if !card.is_wild() {
                <ellipse cx="30" cy="45" rx="17" ry="25" transform="rotate(25 30 45)" fill="#fff"/>
            }
            if special {
                { picture(card, settings.edition) }
            } else {
                <text x="30" y="53" font-size={if text.len() > 1 { "20" } else { "24" }} font-weight="800" text-anchor="middle"
                      fill={card.color().map_or("#fff", fill)} stroke={if card.is_wild() { "#000" } else { "none" }} stroke-width="0.6">{ text }</text>
            }
            { corner("8", "15", "start") }
            { corner("52", "82", "end") }
            { symbols }
            { ring }
        </svg>
    }
}

/// The back of a card.
#[function_component(CardBack)]
pub fn card_back() -> Html {
    html! {
        <svg class="card-svg" viewBox="0 0 60 90" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="59" height="89" rx="8" fill="#fff" stroke="#999"/>
            <rect x="4" y="4" width="52" height="82" rx="6" fill="#1a1a1a"/>
            <ellipse cx="30" cy="45" rx="18" ry="27" transform="rotate(25 30 45)" fill="#c62828"/>
            <text x="30" y="50" font-size="13" font-weight="800" text-anchor="middle" fill="#ffd54f" transform="rotate(-20 30 45)">{ "UNO" }</text>
        </svg>
    }
}
