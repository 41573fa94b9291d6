//! The API's fuzzer: every operation of the OpenAPI document (`/api/v1/openapi.json`, made by
//! utoipa from server/src) called with bodies generated from its schema (proptest strategies:
//! the right shapes with hostile values, and any JSON at all), with path parameters that are real
//! ids, another teacher's, made up or hostile, as a teacher, a pupil, another teacher or nobody.
//! No answer may be a 5xx; every answer is JSON (but the CSV and the lesson). On SQLite, and on
//! PostgreSQL when `TEST_DATABASE_URL` is set.
//!
//! `FUZZ_CASES=N` runs N generated calls per database (400 by default).

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use chess_tutor_server::limits::Limits;
use common::{databases, solution, uuid, App};
use proptest::prelude::*;
use proptest::strategy::{BoxedStrategy, Union, ValueTree};
use proptest::test_runner::{Config as RunnerConfig, TestRunner};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// One operation of the document.
#[derive(Clone, Debug)]
struct Operation {
    id: String,
    method: Method,
    /// `/api/v1/classes/{class}/pupils`
    path: String,
    /// The request body's schema (resolved), if any.
    body: Option<Value>,
    /// Query parameters by name.
    query: Vec<String>,
}

fn operations(doc: &Value) -> Vec<Operation> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (name, method) in [
            ("get", Method::GET),
            ("post", Method::POST),
            ("delete", Method::DELETE),
            ("put", Method::PUT),
            ("patch", Method::PATCH),
        ] {
            let Some(op) = item.get(name) else { continue };
            let body = op["requestBody"]["content"]
                .as_object()
                .and_then(|c| c.values().next())
                .map(|c| resolve(doc, &c["schema"], 0));
            let query = op["parameters"]
                .as_array()
                .map(|ps| {
                    ps.iter()
                        .filter(|p| p["in"] == "query")
                        .map(|p| p["name"].as_str().unwrap().to_string())
                        .collect()
                })
                .unwrap_or_default();
            out.push(Operation {
                id: op["operationId"].as_str().unwrap().to_string(),
                method,
                path: path.clone(),
                body,
                query,
            });
        }
    }
    out
}

/// A schema with its `$ref`s replaced by what they name.
fn resolve(doc: &Value, schema: &Value, depth: usize) -> Value {
    if depth > 8 {
        return json!({});
    }
    match schema {
        Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                let name = r.rsplit('/').next().unwrap();
                return resolve(doc, &doc["components"]["schemas"][name], depth + 1);
            }
            Value::Object(m.iter().map(|(k, v)| (k.clone(), resolve(doc, v, depth + 1))).collect())
        }
        Value::Array(a) => Value::Array(a.iter().map(|v| resolve(doc, v, depth + 1)).collect()),
        v => v.clone(),
    }
}

/// What the world holds: real values a generated call may use.
#[derive(Clone, Debug)]
struct World {
    teacher: String,
    other_teacher: String,
    pupil: String,
    ids: Vec<String>,
}

fn hostile_text() -> BoxedStrategy<String> {
    prop_oneof![
        3 => "[a-z0-9-]{0,24}",
        2 => any::<String>(),
        1 => Just(String::new()),
        1 => Just("'; DROP TABLE pupils; --".to_string()),
        1 => Just("=HYPERLINK(\"http://x\")".to_string()),
        1 => Just("<img src=x onerror=alert(1)>".to_string()),
        1 => Just("\u{0}".to_string()),
        1 => Just("x".repeat(5000)),
        1 => Just("../../etc/passwd".to_string()),
        1 => Just("🙂".repeat(300)),
    ]
    .boxed()
}

fn number() -> BoxedStrategy<Value> {
    prop_oneof![
        3 => (0i64..10).prop_map(Value::from),
        2 => any::<i64>().prop_map(Value::from),
        1 => any::<u64>().prop_map(Value::from),
        1 => Just(json!(u64::MAX)),
        1 => Just(json!(i64::MIN)),
        1 => Just(json!(1e308)),
        1 => Just(json!(-0.5)),
    ]
    .boxed()
}

/// Any JSON at all, a few levels deep.
fn any_json() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        hostile_text().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,8}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
    .boxed()
}

/// A value of `schema`, with the world's real values among the strings.
fn of_schema(schema: &Value, world: &World, depth: usize) -> BoxedStrategy<Value> {
    let real: Vec<String> = world.ids.clone();
    let text = move || {
        let real = real.clone();
        prop_oneof![
            3 => hostile_text(),
            3 => proptest::sample::select(real),
        ]
        .prop_map(Value::String)
        .boxed()
    };
    if depth > 6 {
        return any_json();
    }
    let typ = match &schema["type"] {
        Value::String(t) => t.clone(),
        Value::Array(ts) => {
            ts.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or("null").to_string()
        }
        _ => String::new(),
    };
    let shaped: BoxedStrategy<Value> = if let Some(variants) =
        schema["oneOf"].as_array().or(schema["anyOf"].as_array())
    {
        Union::new(variants.iter().map(|v| of_schema(v, world, depth + 1))).boxed()
    } else {
        match typ.as_str() {
            "object" => {
                let props: Vec<(String, Value)> = schema["properties"]
                    .as_object()
                    .map(|p| p.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
                    .unwrap_or_default();
                let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = props
                    .iter()
                    .map(|(k, v)| {
                        let k = k.clone();
                        prop::option::weighted(0.85, of_schema(v, world, depth + 1))
                            .prop_map(move |v| v.map(|v| (k.clone(), v)))
                            .boxed()
                    })
                    .collect();
                (fields, prop::option::of(("[a-z]{1,6}", any_json())))
                    .prop_map(|(fields, extra)| {
                        let mut m: Map<String, Value> = fields.into_iter().flatten().collect();
                        if let Some((k, v)) = extra {
                            m.insert(k, v);
                        }
                        Value::Object(m)
                    })
                    .boxed()
            }
            "array" => prop::collection::vec(of_schema(&schema["items"], world, depth + 1), 0..8)
                .prop_map(Value::Array)
                .boxed(),
            "string" => text(),
            "integer" | "number" => number(),
            "boolean" => any::<bool>().prop_map(Value::Bool).boxed(),
            _ => prop_oneof![text(), any_json()].boxed(),
        }
    };
    prop_oneof![9 => shaped, 1 => any_json()].boxed()
}

/// Percent-encode a path segment.
fn segment(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// One generated call.
#[derive(Clone, Debug)]
struct Call {
    op: usize,
    params: Vec<String>,
    cookie: usize,
    body: Option<Value>,
    query: Vec<String>,
}

fn calls(ops: &[Operation], world: &World) -> BoxedStrategy<Call> {
    let real = world.ids.clone();
    Union::new(ops.iter().enumerate().map(|(k, op)| {
        let n = op.path.matches('{').count();
        let param = prop_oneof![3 => proptest::sample::select(real.clone()), 2 => hostile_text()];
        let body = match &op.body {
            Some(s) => prop::option::weighted(0.95, of_schema(s, world, 0)).boxed(),
            None => prop::option::weighted(0.1, any_json()).boxed(),
        };
        let query = prop::collection::vec(
            prop_oneof![proptest::sample::select(real.clone()), hostile_text()],
            op.query.len(),
        );
        (prop::collection::vec(param, n), 0usize..4, body, query)
            .prop_map(move |(params, cookie, body, query)| Call {
                op: k,
                params,
                cookie,
                body,
                query,
            })
            .boxed()
    }))
    .boxed()
}

fn request(op: &Operation, call: &Call, world: &World) -> Request<Body> {
    let mut path = String::new();
    let mut params = call.params.iter();
    for part in op.path.split('/') {
        if part.is_empty() {
            continue;
        }
        path.push('/');
        if part.starts_with('{') {
            path.push_str(&segment(params.next().map_or("x", String::as_str)));
        } else {
            path.push_str(part);
        }
    }
    let query: Vec<String> =
        op.query.iter().zip(&call.query).map(|(k, v)| format!("{k}={}", segment(v))).collect();
    if !query.is_empty() {
        path = format!("{path}?{}", query.join("&"));
    }
    let cookie = [
        Some(world.teacher.as_str()),
        Some(world.pupil.as_str()),
        Some(world.other_teacher.as_str()),
        None,
    ][call.cookie % 4];
    let mut req = Request::builder()
        .method(op.method.clone())
        .uri(&path)
        .header(header::HOST, "school.test")
        .header("x-forwarded-for", "10.9.9.9");
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    let body = match &call.body {
        Some(b) => {
            req = req.header(header::CONTENT_TYPE, "application/json");
            Body::from(b.to_string())
        }
        None => Body::empty(),
    };
    req.body(body).unwrap()
}

async fn world(app: &App) -> World {
    let t = app.teacher("fuzz-anna").await;
    let other = app.teacher("fuzz-boris").await;
    let (class, code, pupils) = app.class(&t, &["Masha", "Petya"]).await;
    let (other_class, _, other_pupils) = app.class(&other, &["Olya"]).await;
    let p = app.pupil(&code, &pupils[0]).await;
    let mut lesson: Value = serde_json::from_str(
        &std::fs::read_to_string(common::repo().join("lessons/bishop-stars-1.json")).unwrap(),
    )
    .unwrap();
    lesson["id"] = json!("fuzz-own");
    assert_eq!(app.post("/api/v1/lessons", lesson, &t).await.status, StatusCode::CREATED);
    app.post(
        &format!("/api/v1/classes/{class}/assignments"),
        json!({"lessons": ["mate-2-ladder", "fuzz-own"]}),
        &t,
    )
    .await;
    let attempt = uuid();
    app.post("/api/v1/attempts", json!({"id": attempt, "lesson": "mate-2-ladder", "moves": solution("mate-2-ladder"), "ms": 1000}), &p).await;
    let mut ids = vec![
        class,
        code,
        attempt,
        other_class,
        "mate-2-ladder".into(),
        "fuzz-own".into(),
        "bishop-targets".into(),
        "cat".into(),
        "2026-12-01".into(),
        uuid(),
    ];
    for x in pupils.iter().chain(&other_pupils) {
        ids.push(x["id"].as_str().unwrap().to_string());
    }
    ids.extend(solution("mate-2-ladder"));
    World { teacher: t, other_teacher: other, pupil: p, ids }
}

#[test]
fn every_operation_with_generated_bodies_never_answers_5xx() {
    let cases: u32 = std::env::var("FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(400);
    let rt =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let doc = serde_json::to_value(<chess_tutor_server::api::ApiDoc as utoipa::OpenApi>::openapi())
        .unwrap();
    let ops = operations(&doc);
    assert!(ops.len() >= 25, "{} operations", ops.len());
    for url in rt.block_on(databases()) {
        let app = rt.block_on(async {
            let mut config = common::config();
            config.behind_proxy = true;
            // the limits high: the fuzzer reaches the handlers rather than the 429s
            config.limits = Limits {
                pupil_attempts: 1_000_000,
                class_attempts: 1_000_000,
                device_tries: 1_000_000,
                pupil_tries: 1_000_000,
                roster_misses: 1_000_000,
                sign_ups: 1_000_000,
                ..Limits::default()
            };
            App::with(&url, config).await
        });
        let world = rt.block_on(world(&app));
        let strategy = calls(&ops, &world);
        let mut runner = TestRunner::new(RunnerConfig {
            cases,
            failure_persistence: None,
            ..RunnerConfig::default()
        });
        let mut called = BTreeSet::new();
        // every operation once first, then as the runner picks them
        let mut k = 0usize;
        let mut next = |runner: &mut TestRunner| loop {
            let call = strategy.new_tree(runner).unwrap().current();
            if k >= ops.len() || call.op == k {
                k += 1;
                return call;
            }
        };
        for _ in 0..(ops.len() as u32 + cases) {
            let call = next(&mut runner);
            let op = &ops[call.op];
            called.insert(op.id.clone());
            let req = request(op, &call, &world);
            let shown = format!(
                "{} {} {:?}",
                req.method(),
                req.uri(),
                call.body.as_ref().map(|b| b.to_string().chars().take(400).collect::<String>())
            );
            let a = rt.block_on(app.send(req));
            assert!(
                !a.status.is_server_error(),
                "{url}: {} answered {}: {shown}\n{}",
                op.id,
                a.status,
                a.text
            );
            let typed =
                a.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
            if typed.starts_with("application/json") {
                assert!(
                    serde_json::from_str::<Value>(&a.text).is_ok(),
                    "{url}: {} answered JSON that is not: {shown}",
                    op.id
                );
            }
        }
        let all: BTreeSet<String> = ops.iter().map(|o| o.id.clone()).collect();
        assert_eq!(called, all, "{url}: every operation is called");
    }
}
