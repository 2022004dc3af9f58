//! Invites: a code the GM makes and hands out (as a link) so that a
//! signed-in account takes a player's seat without the GM typing its name.
//!
//! An invite lasts a bounded time and admits a bounded number of players;
//! the GM lists and revokes them. Like tokens, the store keeps only the
//! code's SHA-256 (entity kind `invite`), so the code is shown once, when
//! it is made, and a leaked database seats nobody.

use grimoire_store::{Change, Store};
use grimoire_words::Message;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Caller, Campaign, member, now, token};
use crate::error::ServerError;

/// Most players one invite admits.
pub const MAX_INVITE_USES: u16 = 50;
/// Longest an invite lasts, in hours (two weeks).
pub const MAX_INVITE_HOURS: u16 = 336;
/// Most live invites one campaign holds at once.
pub const MAX_INVITES_PER_CAMPAIGN: usize = 20;
/// Every invite code starts with this, so a pasted one is recognised.
const PREFIX: &str = "gmi_";

/// What the store keeps under an invite code's hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct InviteRecord {
    campaign: String,
    /// The GM who made it.
    by: String,
    created_at: u64,
    expires_at: u64,
    /// Players it still admits; the record goes when this reaches 0.
    uses_left: u16,
}

/// An invite as its GM sees it: never the code, nor its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Invite {
    /// A public id, for `DELETE /campaigns/{campaign}/invites/{id}`.
    pub id: String,
    /// Players it still admits.
    #[schema(minimum = 1, maximum = 50)]
    pub uses_left: u16,
    /// When it was made, in Unix seconds.
    pub created_at: u64,
    /// When it stops working, in Unix seconds.
    pub expires_at: u64,
}

impl InviteRecord {
    fn info(&self, hash: &str) -> Invite {
        Invite {
            id: token::public_id(hash),
            uses_left: self.uses_left,
            created_at: self.created_at,
            expires_at: self.expires_at,
        }
    }

    fn live(&self, now: u64) -> bool {
        self.uses_left > 0 && self.expires_at > now
    }
}

/// A fresh invite code: the prefix and 16 random bytes in hex (128 bits,
/// short enough for a link read aloud or pasted into a chat).
fn new_code() -> Result<String, ServerError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServerError::Internal(format!("no randomness for an invite: {e}")))?;
    Ok(format!("{PREFIX}{}", token::hex(&bytes)))
}

/// Every invite of campaign `id` as (hash, version, record), live or not.
fn all_of(store: &Store, id: &str) -> Result<Vec<(String, u64, InviteRecord)>, ServerError> {
    Ok(store
        .list::<InviteRecord>("invite")?
        .into_iter()
        .filter(|e| e.state.campaign == id)
        .map(|e| (e.name, e.version, e.state))
        .collect())
}

/// Makes an invite to campaign `id` (GM only) admitting `uses` players
/// for `hours`; returns the code (shown once) and what the GM lists.
/// Expired invites of the campaign are cleared in the same change; at
/// most [`MAX_INVITES_PER_CAMPAIGN`] live ones (`too_many_invites`).
pub fn create_invite(
    store: &mut Store,
    caller: &Caller,
    id: &str,
    uses: u16,
    hours: u16,
) -> Result<(String, Invite), ServerError> {
    let me = member(store, caller, id)?;
    me.require_gm("server-gm-invite_players")?;
    if !(1..=MAX_INVITE_USES).contains(&uses) || !(1..=MAX_INVITE_HOURS).contains(&hours) {
        return Err(ServerError::invalid_with(
            "invalid_invite",
            Message::new("server-invalid_invite")
                .number("uses", i64::from(MAX_INVITE_USES))
                .number("hours", i64::from(MAX_INVITE_HOURS)),
        ));
    }
    let now = now();
    let all = all_of(store, id)?;
    let live = all.iter().filter(|(_, _, r)| r.live(now)).count();
    if live >= MAX_INVITES_PER_CAMPAIGN {
        return Err(ServerError::invalid_with(
            "too_many_invites",
            Message::new("server-too_many_invites").number("max", MAX_INVITES_PER_CAMPAIGN as i64),
        ));
    }
    let code = new_code()?;
    let hash = token::hash_token(&code);
    let record = InviteRecord {
        campaign: id.to_owned(),
        by: caller.account.clone(),
        created_at: now,
        expires_at: now.saturating_add(u64::from(hours) * 3600),
        uses_left: uses,
    };
    let mut change = Change::new(format!("invite-new {id}")).create("invite", &hash, &record)?;
    for (old, version, _) in all.iter().filter(|(_, _, r)| !r.live(now)) {
        change = change.delete("invite", old, *version);
    }
    store.commit(&change)?;
    Ok((code, record.info(&hash)))
}

/// The live invites of campaign `id`, oldest first (GM only).
pub fn invites_of(store: &Store, caller: &Caller, id: &str) -> Result<Vec<Invite>, ServerError> {
    let me = member(store, caller, id)?;
    me.require_gm("server-gm-invite_players")?;
    let now = now();
    let mut list: Vec<Invite> = all_of(store, id)?
        .iter()
        .filter(|(_, _, r)| r.live(now))
        .map(|(hash, _, r)| r.info(hash))
        .collect();
    list.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    Ok(list)
}

/// Revokes invite `invite` of campaign `id` by its public id (GM only):
/// its code seats nobody from now on. `unknown_invite` (404) when the
/// campaign has no such live invite.
pub fn revoke_invite(
    store: &mut Store,
    caller: &Caller,
    id: &str,
    invite: &str,
) -> Result<(), ServerError> {
    let me = member(store, caller, id)?;
    me.require_gm("server-gm-invite_players")?;
    let now = now();
    let Some((hash, version, _)) = all_of(store, id)?
        .into_iter()
        .find(|(hash, _, r)| r.live(now) && token::public_id(hash) == invite)
    else {
        return Err(ServerError::Unknown {
            code: "unknown_invite",
            message: Message::new("server-unknown_invite").text("id", invite),
        });
    };
    store.commit(&Change::new(format!("invite-revoke {id}")).delete("invite", &hash, version))?;
    Ok(())
}

/// What accepting an invite did.
#[derive(Debug, Clone)]
pub struct Joined {
    /// The campaign, with the caller seated.
    pub campaign: Campaign,
    /// Whether the caller took a new seat (false: they had one already,
    /// and the invite was not spent).
    pub seated: bool,
}

/// Seats the caller as a player of the invite's campaign and spends one
/// of its uses, in one change. A member already seated (the GM too)
/// keeps their seat and spends nothing. `invite_unusable` (404) for a
/// code that is unknown, revoked, used up or expired: the four look
/// alike, so a guessed code learns nothing.
pub fn accept_invite(
    store: &mut Store,
    caller: &Caller,
    code: &str,
) -> Result<Joined, ServerError> {
    let unusable = || ServerError::Unknown {
        code: "invite_unusable",
        message: Message::new("server-invite_unusable"),
    };
    if !code.starts_with(PREFIX) || code.len() > 100 {
        return Err(unusable());
    }
    let hash = token::hash_token(code);
    let Some(invite) = store.find::<InviteRecord>("invite", &hash)? else {
        return Err(unusable());
    };
    if !invite.state.live(now()) {
        return Err(unusable());
    }
    let current = store.get::<Campaign>("campaign", &invite.state.campaign)?;
    let mut campaign = current.state;
    if campaign.role_of(&caller.account).is_some() {
        return Ok(Joined {
            campaign,
            seated: false,
        });
    }
    let id = campaign.id.clone();
    campaign.players.push(caller.account.clone());
    let mut change = Change::new(format!("invite-join {id} {}", caller.account)).update(
        "campaign",
        &id,
        current.version,
        &campaign,
    )?;
    let mut spent = invite.state.clone();
    spent.uses_left -= 1;
    change = if spent.uses_left == 0 {
        change.delete("invite", &hash, invite.version)
    } else {
        change.update("invite", &hash, invite.version, &spent)?
    };
    store.commit(&change)?;
    Ok(Joined {
        campaign,
        seated: true,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{add_player, create_campaign, register};
    use super::*;

    const TTL: std::time::Duration = std::time::Duration::from_secs(3600);

    fn caller(name: &str) -> Caller {
        Caller {
            account: name.into(),
        }
    }

    #[test]
    fn an_invite_seats_as_many_players_as_it_admits_then_stops() {
        let mut store = Store::open_in_memory().unwrap();
        for name in ["Gm", "Petr", "Eve", "Ota"] {
            register(&mut store, name, TTL).unwrap();
        }
        let gm = caller("Gm");
        create_campaign(&mut store, &gm, "cave", "Cave").unwrap();
        let (code, info) = create_invite(&mut store, &gm, "cave", 2, 24).unwrap();
        assert!(code.starts_with(PREFIX) && code.len() == PREFIX.len() + 32);
        assert_eq!(info.uses_left, 2);
        assert_eq!(info.expires_at - info.created_at, 24 * 3600);
        // The store holds no code.
        assert!(
            store
                .find::<InviteRecord>("invite", &code)
                .unwrap()
                .is_none()
        );

        let joined = accept_invite(&mut store, &caller("Petr"), &code).unwrap();
        assert!(joined.seated);
        assert_eq!(joined.campaign.players, ["Petr"]);
        // Seated already: nothing spent.
        assert!(
            !accept_invite(&mut store, &caller("petr"), &code)
                .unwrap()
                .seated
        );
        assert!(!accept_invite(&mut store, &gm, &code).unwrap().seated);
        assert_eq!(invites_of(&store, &gm, "cave").unwrap()[0].uses_left, 1);

        accept_invite(&mut store, &caller("Eve"), &code).unwrap();
        assert!(invites_of(&store, &gm, "cave").unwrap().is_empty());
        assert_eq!(
            accept_invite(&mut store, &caller("Ota"), &code)
                .unwrap_err()
                .code(),
            "invite_unusable"
        );
        let c = store.get::<Campaign>("campaign", "cave").unwrap().state;
        assert_eq!(c.players, ["Petr", "Eve"]);
    }

    #[test]
    fn only_the_gm_makes_lists_and_revokes_invites() {
        let mut store = Store::open_in_memory().unwrap();
        for name in ["Gm", "Petr", "Eve"] {
            register(&mut store, name, TTL).unwrap();
        }
        let gm = caller("Gm");
        create_campaign(&mut store, &gm, "cave", "Cave").unwrap();
        add_player(&mut store, &gm, "cave", "Petr").unwrap();
        let (code, info) = create_invite(&mut store, &gm, "cave", 5, 1).unwrap();
        for who in ["Petr", "Eve"] {
            let who = caller(who);
            assert_eq!(
                create_invite(&mut store, &who, "cave", 1, 1)
                    .unwrap_err()
                    .code(),
                "forbidden"
            );
            assert_eq!(
                invites_of(&store, &who, "cave").unwrap_err().code(),
                "forbidden"
            );
            assert_eq!(
                revoke_invite(&mut store, &who, "cave", &info.id)
                    .unwrap_err()
                    .code(),
                "forbidden"
            );
        }
        assert_eq!(
            revoke_invite(&mut store, &gm, "cave", "nothing")
                .unwrap_err()
                .code(),
            "unknown_invite"
        );
        revoke_invite(&mut store, &gm, "cave", &info.id).unwrap();
        assert_eq!(
            accept_invite(&mut store, &caller("Eve"), &code)
                .unwrap_err()
                .code(),
            "invite_unusable"
        );
        for (uses, hours) in [(0, 1), (51, 1), (1, 0), (1, 337)] {
            assert_eq!(
                create_invite(&mut store, &gm, "cave", uses, hours)
                    .unwrap_err()
                    .code(),
                "invalid_invite",
                "{uses} {hours}"
            );
        }
    }

    #[test]
    fn a_campaign_holds_a_bounded_number_of_live_invites() {
        let mut store = Store::open_in_memory().unwrap();
        register(&mut store, "Gm", TTL).unwrap();
        let gm = caller("Gm");
        create_campaign(&mut store, &gm, "cave", "Cave").unwrap();
        for _ in 0..MAX_INVITES_PER_CAMPAIGN {
            create_invite(&mut store, &gm, "cave", 1, 1).unwrap();
        }
        assert_eq!(
            create_invite(&mut store, &gm, "cave", 1, 1)
                .unwrap_err()
                .code(),
            "too_many_invites"
        );
    }

    #[test]
    fn an_expired_invite_seats_nobody() {
        let mut store = Store::open_in_memory().unwrap();
        register(&mut store, "Gm", TTL).unwrap();
        register(&mut store, "Eve", TTL).unwrap();
        let gm = caller("Gm");
        create_campaign(&mut store, &gm, "cave", "Cave").unwrap();
        let (code, _) = create_invite(&mut store, &gm, "cave", 3, 1).unwrap();
        let hash = token::hash_token(&code);
        let old = store.get::<InviteRecord>("invite", &hash).unwrap();
        let mut expired = old.state.clone();
        expired.expires_at = now() - 1;
        store
            .commit(
                &Change::new("age")
                    .update("invite", &hash, old.version, &expired)
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(
            accept_invite(&mut store, &caller("Eve"), &code)
                .unwrap_err()
                .code(),
            "invite_unusable"
        );
        assert!(invites_of(&store, &gm, "cave").unwrap().is_empty());
        // The next invite clears it from the store.
        create_invite(&mut store, &gm, "cave", 1, 1).unwrap();
        assert!(
            store
                .find::<InviteRecord>("invite", &hash)
                .unwrap()
                .is_none()
        );
    }
}
