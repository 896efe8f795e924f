//! Pass-and-play's handover: between two people's turns the device goes round, and this screen
//! stands in for the whole table (no hand, no card in the page) until the next person takes
//! it. Focus lands on its button, so a screen reader says "Pass to NAME" at once.

use crate::components::dialogs::use_focus_on_mount;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HandoverProps {
    /// Who the device goes to.
    pub name: String,
    pub on_take: Callback<MouseEvent>,
}

#[function_component(Handover)]
pub fn handover(props: &HandoverProps) -> Html {
    let button = use_node_ref();
    use_focus_on_mount(button.clone());
    let name = &props.name;
    html! {
        <section class="handover" role="dialog" aria-modal="true"
            aria-labelledby="handover-title" aria-describedby="handover-text">
            <h2 id="handover-title">{ format!("Pass to {name}") }</h2>
            <p id="handover-text">{ format!("{name}: take the device while the others look away. Your hand stays hidden until you do.") }</p>
            <button class="primary" ref={button} onclick={props.on_take.clone()}>
                { format!("I am {name}: show my hand") }
            </button>
        </section>
    }
}
