//! Handing a room's link to friends: the phone's share sheet where there is one, and a copy to
//! the clipboard that works over plain http too (a game on the LAN), where the browser offers
//! no Clipboard API.

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// `navigator[name]` when the browser has it.
fn navigator_has(name: &str) -> Option<JsValue> {
    let navigator = gloo_utils::window().navigator();
    Reflect::get(&navigator, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// Whether the browser has a share sheet (phones, on https or localhost).
#[must_use]
pub fn can_share() -> bool {
    navigator_has("share").is_some()
}

/// Opens the share sheet for `url`. A cancelled or refused share is let be (the link and
/// Copy link stay on screen).
pub async fn share(title: &str, url: &str) {
    let Some(share) = navigator_has("share").and_then(|f| f.dyn_into::<Function>().ok()) else {
        return;
    };
    let data = Object::new();
    let _ = Reflect::set(&data, &"title".into(), &title.into());
    let _ = Reflect::set(&data, &"url".into(), &url.into());
    let navigator = gloo_utils::window().navigator();
    if let Ok(promise) = share
        .call1(&navigator, &data)
        .and_then(|p| p.dyn_into::<js_sys::Promise>())
    {
        // Awaited so that a cancel (a rejection) is handled, not reported as uncaught.
        let _ = JsFuture::from(promise).await;
    }
}

/// Copies `text` to the clipboard: by the Clipboard API where the page may use it, else by
/// selecting `field` (which shows `text`) and the browser's copy command. Whether it worked.
pub async fn copy(text: &str, field: Option<web_sys::HtmlInputElement>) -> bool {
    if navigator_has("clipboard").is_some() {
        let written = gloo_utils::window()
            .navigator()
            .clipboard()
            .write_text(text);
        if JsFuture::from(written).await.is_ok() {
            return true;
        }
    }
    let Some(field) = field else {
        return false;
    };
    field.select();
    gloo_utils::document()
        .dyn_into::<web_sys::HtmlDocument>()
        .ok()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false)
}
