//! Accounts, API tokens, campaigns and roles: who may do what.
//!
//! Everything is kept as ordinary store entities (kinds `account`, `token`,
//! `campaign`, `invite`), so it lives in the same database, migrates with it and works
//! on both backends. A token is 32 random bytes shown once; the store keeps
//! only its SHA-256, used as the `token` entity's name, so a token is found
//! by hashing it and a leaked database leaks no usable token.

mod invite;
mod token;

use grimoire_app::NameKind;
use grimoire_store::{Change, Store, StoreError};
use grimoire_words::Message;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ServerError;

pub use invite::{Invite, accept_invite, create_invite, invites_of, revoke_invite};
pub use token::{hash_token, new_token};

/// An account (a person at the table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Account {
    /// The account name, unique without regard to case.
    pub name: String,
}

/// What the store keeps under a token's hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct TokenRecord {
    account: String,
    /// When it was issued, in Unix seconds (0 for tokens from before
    /// expiry existed).
    #[serde(default)]
    created_at: u64,
    /// When it stops working, in Unix seconds; `None` only for tokens from
    /// before expiry existed, which are treated as expired.
    #[serde(default)]
    expires_at: Option<u64>,
}

/// Most tokens one account holds at once (one per device is plenty).
pub const MAX_TOKENS_PER_ACCOUNT: usize = 20;

/// A token as its owner sees it: never the secret, nor its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TokenInfo {
    /// A public id, for `DELETE /me/tokens/{id}`.
    pub id: String,
    /// When it was issued, in Unix seconds.
    pub created_at: u64,
    /// When it stops working, in Unix seconds.
    pub expires_at: u64,
    /// Whether this is the token the request was made with.
    pub current: bool,
}

/// Whether a token expiring at `at` still works at `now` (Unix seconds).
/// It works through the whole second its expiry names: the times are
/// whole seconds, so a token made late in a second would otherwise expire
/// up to a second before its time to live.
fn live(at: u64, now: u64) -> bool {
    at >= now
}

/// Now, in Unix seconds.
fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl TokenRecord {
    /// A token made now for `account`, valid for `ttl` (whole seconds:
    /// it works through the second its expiry names, see `live`).
    fn new(account: &str, ttl: std::time::Duration) -> Self {
        let created_at = now();
        TokenRecord {
            account: account.to_owned(),
            created_at,
            expires_at: Some(created_at.saturating_add(ttl.as_secs())),
        }
    }

    fn info(&self, hash: &str, current_hash: &str) -> TokenInfo {
        TokenInfo {
            id: token::public_id(hash),
            created_at: self.created_at,
            expires_at: self.expires_at.unwrap_or(0),
            current: hash == current_hash,
        }
    }
}

/// A campaign: one table's shared state, run by a GM.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Campaign {
    /// The id used in URLs (`lost-mine`): lower-case letters, digits, `-`.
    pub id: String,
    /// A title for people.
    pub title: String,
    /// The game master's account.
    pub gm: String,
    /// The players' accounts.
    pub players: Vec<String>,
    /// Whether the campaign's characters and encounters are the CLI's own
    /// (the database's unscoped entities), so `grimoire` on the same file
    /// and the server share one table. Only whoever runs the server decides
    /// this (`grimoire serve --cli-campaign ID`); a stored value is never
    /// trusted, and responses show the server's setting. Characters the CLI
    /// made have no owner: only the GM acts for them.
    #[serde(default)]
    pub cli: bool,
}

/// A caller's role in a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Runs the campaign: acts for every character.
    Gm,
    /// Acts only for their own characters.
    Player,
}

impl Campaign {
    /// The role of `account`, if it belongs to the campaign.
    pub fn role_of(&self, account: &str) -> Option<Role> {
        let key = grimoire_store::name_key(account);
        if grimoire_store::name_key(&self.gm) == key {
            Some(Role::Gm)
        } else if self
            .players
            .iter()
            .any(|p| grimoire_store::name_key(p) == key)
        {
            Some(Role::Player)
        } else {
            None
        }
    }
}

/// Who is calling, once their token checked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The account name as stored.
    pub account: String,
}

/// A caller's standing in one campaign.
#[derive(Debug, Clone)]
pub struct Member {
    /// The caller.
    pub account: String,
    /// Their role.
    pub role: Role,
    /// The campaign.
    pub campaign: Campaign,
}

impl Member {
    /// Refuses unless the caller is the GM.
    /// `action` is the id of its words (`server-gm-add_players`).
    pub fn require_gm(&self, action: &'static str) -> Result<(), ServerError> {
        match self.role {
            Role::Gm => Ok(()),
            Role::Player => Err(ServerError::Forbidden(
                Message::new("server-gm_only")
                    .text("campaign", self.campaign.id.as_str())
                    .part("action", Message::new(action)),
            )),
        }
    }

    /// Refuses unless the caller is the GM or owns the character.
    pub fn require_owner(&self, character: &str, owner: &str) -> Result<(), ServerError> {
        if self.role == Role::Gm
            || grimoire_store::name_key(owner) == grimoire_store::name_key(&self.account)
        {
            Ok(())
        } else {
            Err(ServerError::Forbidden(
                Message::new("server-not_owner").text("character", character),
            ))
        }
    }
}

/// Checks a name typed by a person with the one name policy of the app
/// ([`grimoire_app::check_name`]): trimmed, 1-64 characters, no control or
/// format characters, no `/` or `\\`, letters of one script (Czech letters
/// are welcome, a Cyrillic `Е` inside a Latin name is not). Refused as 422
/// `invalid_name`.
///
/// The documented `maxLength` counts the name as sent, so a name longer
/// than 64 characters is refused before the spaces around it are trimmed
/// (Schemathesis found a 65-character name, one of them a leading vertical
/// tab, accepted against the schema).
pub fn check_name(kind: NameKind, name: &str) -> Result<String, ServerError> {
    let chars = name.chars().count();
    if chars > grimoire_app::MAX_NAME {
        return Err(grimoire_app::AppError::InvalidName {
            kind,
            problem: grimoire_app::NameProblem::TooLong { chars },
        }
        .into());
    }
    Ok(grimoire_app::check_name(kind, name)?)
}

/// Checks a campaign id: 1–40 of `a-z`, `0-9` and `-`.
pub fn check_campaign_id(id: &str) -> Result<(), ServerError> {
    let ok = !id.is_empty()
        && id.len() <= 40
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ok {
        Ok(())
    } else {
        Err(ServerError::invalid_with(
            "invalid_campaign_id",
            Message::new("server-bad_campaign_id").text("id", id),
        ))
    }
}

/// Creates an account and its first token, valid for `ttl`; returns the
/// token (shown once).
pub fn register(
    store: &mut Store,
    name: &str,
    ttl: std::time::Duration,
) -> Result<(Account, String), ServerError> {
    let name = check_name(NameKind::Account, name)?;
    // No account may pass for another (Cyrillic "Асе" beside "Ace").
    let accounts = store.list::<Account>("account")?;
    grimoire_app::check_unconfusable(
        NameKind::Account,
        &name,
        accounts.iter().map(|a| a.state.name.as_str()),
    )?;
    let token = new_token()?;
    let account = Account { name: name.clone() };
    store.commit(
        &Change::new(format!("account new {name}"))
            .create("account", &name, &account)?
            .create("token", &hash_token(&token), &TokenRecord::new(&name, ttl))?,
    )?;
    Ok((account, token))
}

/// Issues another token for the caller, valid for `ttl`; at most
/// [`MAX_TOKENS_PER_ACCOUNT`] live at once (`too_many_tokens`: revoke one).
pub fn issue_token(
    store: &mut Store,
    caller: &Caller,
    ttl: std::time::Duration,
) -> Result<(String, TokenInfo), ServerError> {
    let held = tokens_of(store, &caller.account)?.len();
    if held >= MAX_TOKENS_PER_ACCOUNT {
        return Err(ServerError::invalid_with(
            "too_many_tokens",
            Message::new("server-too_many_tokens").number("max", MAX_TOKENS_PER_ACCOUNT as i64),
        ));
    }
    let token = new_token()?;
    let hash = hash_token(&token);
    let record = TokenRecord::new(&caller.account, ttl);
    store.commit(
        &Change::new(format!("token new {}", caller.account)).create("token", &hash, &record)?,
    )?;
    Ok((token, record.info(&hash, &hash)))
}

/// The account a token belongs to, or `unauthorized` for an unknown,
/// revoked or expired token.
pub fn authenticate(store: &Store, token: &str) -> Result<Caller, ServerError> {
    let record = store
        .find::<TokenRecord>("token", &hash_token(token))?
        .ok_or_else(|| ServerError::Unauthorized(Message::new("server-token-unknown")))?;
    match record.state.expires_at {
        Some(at) if live(at, now()) => Ok(Caller {
            account: record.state.account,
        }),
        _ => Err(ServerError::Unauthorized(Message::new(
            "server-token-expired",
        ))),
    }
}

/// Every live token of `account`, as (hash, record), oldest first.
fn tokens_of(store: &Store, account: &str) -> Result<Vec<(String, TokenRecord)>, ServerError> {
    let key = grimoire_store::name_key(account);
    let now = now();
    let mut list: Vec<(String, TokenRecord)> = store
        .list::<TokenRecord>("token")?
        .into_iter()
        .filter(|e| grimoire_store::name_key(&e.state.account) == key)
        .filter(|e| e.state.expires_at.is_some_and(|at| live(at, now)))
        .map(|e| (e.name, e.state))
        .collect();
    list.sort_by_key(|(_, r)| r.created_at);
    Ok(list)
}

/// The caller's live tokens (the one presented marked `current`).
pub fn list_tokens(store: &Store, token: &str) -> Result<Vec<TokenInfo>, ServerError> {
    let caller = authenticate(store, token)?;
    let current = hash_token(token);
    Ok(tokens_of(store, &caller.account)?
        .iter()
        .map(|(hash, r)| r.info(hash, &current))
        .collect())
}

/// Revokes one of the caller's tokens by its public id, or the one
/// presented when `id` is `current` (logging out). Another account's
/// token is `unknown_token` (404), as if it did not exist.
pub fn revoke_token(store: &mut Store, token: &str, id: &str) -> Result<(), ServerError> {
    let caller = authenticate(store, token)?;
    let current = hash_token(token);
    let target = if id == "current" {
        Some(current)
    } else {
        tokens_of(store, &caller.account)?
            .into_iter()
            .map(|(hash, _)| hash)
            .find(|hash| token::public_id(hash) == id)
    };
    let Some(hash) = target else {
        return Err(ServerError::Unknown {
            code: "unknown_token",
            message: Message::new("server-unknown_token").text("id", id),
        });
    };
    let entity = store.get::<TokenRecord>("token", &hash)?;
    store.commit(
        &Change::new(format!("token revoke {}", caller.account)).delete(
            "token",
            &hash,
            entity.version,
        ),
    )?;
    Ok(())
}

/// Creates a campaign run by the caller.
pub fn create_campaign(
    store: &mut Store,
    caller: &Caller,
    id: &str,
    title: &str,
) -> Result<Campaign, ServerError> {
    check_campaign_id(id)?;
    let title = check_name(NameKind::Campaign, title)?;
    let campaign = Campaign {
        id: id.to_owned(),
        title,
        gm: caller.account.clone(),
        players: Vec::new(),
        cli: false,
    };
    store.commit(&Change::new(format!("campaign new {id}")).create("campaign", id, &campaign)?)?;
    Ok(campaign)
}

/// The caller's membership of a campaign: `not_found` for no such
/// campaign, `forbidden` when the caller is not at that table.
pub fn member(store: &Store, caller: &Caller, id: &str) -> Result<Member, ServerError> {
    // An id no campaign can have names no campaign: not found, like any other.
    if check_campaign_id(id).is_err() {
        return Err(ServerError::Store(grimoire_store::StoreError::NotFound {
            kind: "campaign".into(),
            name: id.to_owned(),
        }));
    }
    let campaign = store.get::<Campaign>("campaign", id)?.state;
    let role = campaign
        .role_of(&caller.account)
        .ok_or_else(|| ServerError::Forbidden(Message::new("server-not_member").text("id", id)))?;
    Ok(Member {
        account: caller.account.clone(),
        role,
        campaign,
    })
}

/// Every campaign the caller belongs to.
pub fn campaigns_of(store: &Store, caller: &Caller) -> Result<Vec<Campaign>, ServerError> {
    Ok(store
        .list::<Campaign>("campaign")?
        .into_iter()
        .map(|e| e.state)
        .filter(|c| c.role_of(&caller.account).is_some())
        .collect())
}

/// Adds a player to the campaign (GM only); adding one twice changes nothing.
pub fn add_player(
    store: &mut Store,
    caller: &Caller,
    id: &str,
    account: &str,
) -> Result<Campaign, ServerError> {
    let me = member(store, caller, id)?;
    me.require_gm("server-gm-add_players")?;
    let player = store
        .get::<Account>("account", account)
        .map_err(|e| match e {
            StoreError::NotFound { .. } => ServerError::invalid_with(
                "unknown_account",
                Message::new("server-unknown_account").text("account", account),
            ),
            other => other.into(),
        })?
        .state;
    let current = store.get::<Campaign>("campaign", id)?;
    let mut campaign = current.state;
    if campaign.role_of(&player.name).is_none() {
        campaign.players.push(player.name.clone());
        store.commit(
            &Change::new(format!("campaign {id} add {}", player.name)).update(
                "campaign",
                id,
                current.version,
                &campaign,
            )?,
        )?;
    }
    Ok(campaign)
}

/// Removes a player from the campaign (GM only): from then on they can
/// neither read the campaign nor act in it, and their live streams of it
/// end (see `api::events`). Their characters stay, still theirs: the GM
/// runs them, and adding the player again gives them back.
/// `unknown_player` (404) when `account` holds no player's seat (the GM's
/// own seat included).
pub fn remove_player(
    store: &mut Store,
    caller: &Caller,
    id: &str,
    account: &str,
) -> Result<Campaign, ServerError> {
    let me = member(store, caller, id)?;
    me.require_gm("server-gm-remove_players")?;
    let current = store.get::<Campaign>("campaign", id)?;
    let mut campaign = current.state;
    let key = grimoire_store::name_key(account);
    let Some(at) = campaign
        .players
        .iter()
        .position(|p| grimoire_store::name_key(p) == key)
    else {
        return Err(ServerError::Unknown {
            code: "unknown_player",
            message: Message::new("server-unknown_player")
                .text("account", account)
                .text("campaign", id),
        });
    };
    let gone = campaign.players.remove(at);
    store.commit(&Change::new(format!("campaign {id} remove {gone}")).update(
        "campaign",
        id,
        current.version,
        &campaign,
    )?)?;
    Ok(campaign)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TTL: std::time::Duration = std::time::Duration::from_secs(3600);

    #[test]
    fn tokens_are_stored_hashed_and_authenticate() {
        let mut store = Store::open_in_memory().unwrap();
        let (account, token) = register(&mut store, "Jana", TTL).unwrap();
        assert_eq!(account.name, "Jana");
        assert!(
            store
                .find::<serde_json::Value>("token", &token)
                .unwrap()
                .is_none()
        );
        assert_eq!(authenticate(&store, &token).unwrap().account, "Jana");
        assert_eq!(
            authenticate(&store, "gmr_nope").unwrap_err().code(),
            "unauthorized"
        );
        assert_eq!(
            register(&mut store, "JANA", TTL).unwrap_err().code(),
            "already_exists"
        );
    }

    #[test]
    fn roles_follow_membership() {
        let mut store = Store::open_in_memory().unwrap();
        register(&mut store, "Gm", TTL).unwrap();
        register(&mut store, "Petr", TTL).unwrap();
        register(&mut store, "Eve", TTL).unwrap();
        let gm = Caller {
            account: "Gm".into(),
        };
        let petr = Caller {
            account: "Petr".into(),
        };
        let eve = Caller {
            account: "Eve".into(),
        };
        create_campaign(&mut store, &gm, "cave", "The Cave").unwrap();
        assert_eq!(
            add_player(&mut store, &petr, "cave", "Eve")
                .unwrap_err()
                .code(),
            "forbidden"
        );
        add_player(&mut store, &gm, "cave", "petr").unwrap();
        let m = member(&store, &petr, "cave").unwrap();
        assert_eq!(m.role, Role::Player);
        assert!(m.require_owner("Elmira", "PETR").is_ok());
        assert!(m.require_owner("Brom", "Gm").is_err());
        assert_eq!(
            member(&store, &eve, "cave").unwrap_err().code(),
            "forbidden"
        );
        assert_eq!(
            member(&store, &eve, "nope").unwrap_err().code(),
            "not_found"
        );
        assert_eq!(
            member(&store, &eve, "Bad Id").unwrap_err().code(),
            "not_found",
            "an id no campaign can have names none"
        );
    }

    #[test]
    fn names_are_checked() {
        let x = NameKind::Character;
        assert_eq!(check_name(x, "  Čaroděj ").unwrap(), "Čaroděj");
        let longest = "x".repeat(64);
        assert_eq!(check_name(x, &longest).unwrap(), longest);
        assert_eq!(
            check_name(x, &format!(" {}", "x".repeat(63))).unwrap(),
            "x".repeat(63)
        );
        for bad in [
            "",
            "   ",
            "a\u{0}b",
            "a/b",
            &"x".repeat(65),
            &format!("\u{b}{}", "x".repeat(64)),
            &format!("  {}  ", "x".repeat(63)),
            "\u{415}lmira",
            "g\u{43c}",
        ] {
            let err = check_name(x, bad).unwrap_err();
            assert_eq!(err.code(), "invalid_name");
            assert_eq!(err.status(), axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        }
    }
}
