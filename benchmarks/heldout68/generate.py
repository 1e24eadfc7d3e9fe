import textwrap, pathlib, json
OUT = pathlib.Path(__file__).resolve().parent
HDR = '''import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
'''

# rule bodies: (lines, out_spec_fn(A,B), anchor, fix)   {a},{b} axis exprs, {x} input
VARIANT = {  # per theme: SF101 call form, SF102 tuple order, SF103 collective, SF105 op, SF106 expression
    "fedavg":   ("pos", "ab", "red", "pmean", "mul"),
    "dpsgd":    ("kw", "ba", "red", "psum", "div"),
    "secagg":   ("pos", "ab", "ring", "pmean", "mul"),
    "cohort":   ("kw", "ba", "red", "psum", "mean"),
    "scaffold": ("pos", "ba", "red", "pmean", "mul"),
    "acct":     ("kw", "ab", "red", "psum", "div"),
    "rounds":   ("pos", "ab", "red", "pmean", "mul"),
}


def bodies(t):
    d, e = t["v"]
    op = t["op"]
    v101, v102, v103, v105, v106 = VARIANT[t["prefix"]]
    ax101 = "axis_name={a}" if v101 == "kw" else "{a}"
    tup = "({a}, {b})" if v102 == "ab" else "({b}, {a})"
    if v103 == "ring":
        l103 = f"return jax.lax.ppermute({e}, {{a}}, perm=[(i, (i + 1) % 4) for i in range(4)])"
        a103, f103 = f"ppermute({e}, {{a}},", f"ppermute(jax.lax.pcast({e}, {{a}}, to=\"varying\"), {{a}},"
    else:
        l103 = f"return jax.lax.{op}({e}, {{a}})"
        a103, f103 = f"{op}({e}, {{a}})", f"{op}(jax.lax.pcast({e}, {{a}}, to=\"varying\"), {{a}})"
    l106 = {"mul": f"return {e} * {t['const']}", "div": f"return {e} / {t['const']}",
            "mean": f"return {e} - jnp.mean({e}, axis=0, keepdims=True) * {t['const']}"}[v106]
    return {
    "SF101": ([f"{d} = jax.lax.psum({{x}}, {{a}})",
               f"return jax.lax.all_gather({d}, {ax101}, tiled=True, to=\"reduced\")"],
              lambda A, B: f'P(None, "{B}", reduced={{"{A}"}})',
              f"all_gather({d}, {ax101}", f"all_gather(jax.lax.pcast({d}, {{a}}, to=\"varying\"), {ax101}"),
    "SF102": ([f"{e} = jax.lax.all_gather({{x}}, {{b}}, axis=1, tiled=True, to=\"reduced\")",
               f"return jax.lax.all_gather({e}, {tup}, tiled=True, to=\"reduced\")"],
              lambda A, B: f'P(reduced={{"{A}", "{B}"}})',
              f"all_gather({e}, (", f"all_gather(jax.lax.pcast({e}, {{b}}, to=\"varying\"), ("),
    "SF103": ([f"{e} = jax.lax.all_gather({{x}}, {{a}}, tiled=True, to=\"reduced\")", l103],
              (lambda A, B: f'P("{A}", "{B}")') if v103 == "ring" else (lambda A, B: f'P(None, "{B}")'),
              a103, f103),
    "SF105": ([f"{d} = jax.lax.psum({{x}}, {{b}})",
               f"return jax.lax.{v105}({d}, ({{a}}, {{b}}))"],
              lambda A, B: 'P()',
              f"{v105}({d}, (", f"{v105}(jax.lax.pcast({d}, {{b}}, to=\"varying\"), ("),
    "SF106": ([f"{e} = jax.lax.all_gather({{x}}, {{a}}, tiled=True, to=\"reduced\")", l106],
              lambda A, B: f'P(None, "{B}")',
              'tiled=True, to="reduced")', 'tiled=True, to="invarying")', l106),
    }

CLEAN = {  # near misses: body lines, out spec
    "SF101": (["{d} = jax.lax.psum({{x}}, {{a}})",
               "return jax.lax.all_gather({d}, {{b}}, axis=1, tiled=True, to=\"reduced\")"],
              lambda A, B: f'P(reduced={{"{B}"}})'),
    "SF102": (["return jax.lax.all_gather({{x}}, ({{a}}, {{b}}), tiled=True, to=\"reduced\")"],
              lambda A, B: f'P(reduced={{"{A}", "{B}"}})'),
    "SF103": (["{e} = jax.lax.all_gather({{x}}, {{a}}, tiled=True, to=\"reduced\")",
               "return jax.lax.psum({e}, {{b}})"],
              lambda A, B: f'P(None, reduced={{"{A}"}})'),
    "SF105": (["{d} = jax.lax.psum({{x}}, {{b}})",
               "return jax.lax.pmean({d}, {{a}})"],
              lambda A, B: 'P()'),
    "SF106": (["{e} = jax.lax.all_gather({{x}}, {{a}}, tiled=True, to=\"invarying\")",
               "return {e} * {const}"],
              lambda A, B: f'P(None, "{B}")'),
}

THEMES = []
def theme(**kw):
    THEMES.append(kw)

# ---- T1: FedAvg server with a frozen config dataclass, body is a bound method
theme(prefix="fedavg", A="clients", B="model", v=("summed", "global_delta"), op="psum", const="self.cfg.server_lr",
      names={"SF101": "server_delta_broadcast", "SF102": "global_model_sync", "SF103": "client_weight_norm",
             "SF104": "checkpoint_export", "SF105": "round_loss_report", "SF106": "server_learning_rate"},
      render=lambda r, body, out, T: f'''

@dataclasses.dataclass(frozen=True)
class ServerConfig:
    client_axis: str = "{T['A']}"
    model_axis: str = "{T['B']}"
    server_lr: float = 0.5
    rounds: int = 2


class FedAvgServer:
    def __init__(self, mesh, cfg=ServerConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def _aggregate(self, client_updates):
{body.format(x="client_updates", a="self.cfg.client_axis", b="self.cfg.model_axis")}

    def run_round(self, client_updates):
        step = jax.shard_map(self._aggregate, mesh=self.mesh,
                             in_specs=P(self.cfg.client_axis, self.cfg.model_axis),
                             out_specs={out})
        return step(client_updates)


def inputs():
    mesh = jax.make_mesh((4, 2), ("{T['A']}", "{T['B']}"))
    updates = jnp.arange(32, dtype=jnp.float32).reshape(8, 4) / 32.0
    updates = jax.device_put(updates, NamedSharding(mesh, P("{T['A']}", "{T['B']}")))
    return mesh, updates


def main(mesh, updates):
    server = FedAvgServer(mesh)
    for _ in range(server.cfg.rounds):
        out = server.run_round(updates)
    print(jax.device_get(out).shape)
''')

# ---- T2: DP-SGD with a partial binding keyword-only axes
theme(prefix="dpsgd", A="replica", B="param", v=("clipped_sum", "noisy"), op="pmax", const="noise_multiplier",
      names={"SF101": "clipped_grad_sum", "SF102": "per_example_norms", "SF103": "max_grad_norm",
             "SF104": "noisy_grad_dump", "SF105": "microbatch_mean", "SF106": "noise_scale"},
      render=lambda r, body, out, T: f'''

@dataclasses.dataclass
class DPConfig:
    l2_clip: float = 1.0
    noise_multiplier: float = 1.1
    axes: tuple = ("{T['A']}", "{T['B']}")


def _clip(per_example, l2_clip):
    norms = jnp.sqrt(jnp.sum(per_example ** 2, axis=-1, keepdims=True)) + 1e-6
    return per_example * jnp.minimum(1.0, l2_clip / norms)


def private_step(grads, *, replica_axis, param_axis, l2_clip, noise_multiplier):
    grads = _clip(grads, l2_clip)
{body.format(x="grads", a="replica_axis", b="param_axis")}


def inputs():
    mesh = jax.make_mesh((4, 2), DPConfig().axes)
    grads = jnp.linspace(-1.0, 1.0, 32, dtype=jnp.float32).reshape(8, 4)
    return mesh, jax.device_put(grads, NamedSharding(mesh, P(*DPConfig().axes)))


def main(mesh, grads):
    cfg = DPConfig()
    replica, param = cfg.axes
    body = functools.partial(private_step, replica_axis=replica, param_axis=param,
                             l2_clip=cfg.l2_clip, noise_multiplier=cfg.noise_multiplier)
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(replica, param), out_specs={out}))
    print(jax.device_get(fn(grads)).shape)
''')

# ---- T3: secure aggregation, a factory closure over a dict of axes
theme(prefix="secagg", A="party", B="tensor", v=("masked_total", "unmasked"), op="pmin", const="scale",
      names={"SF101": "masked_sum_reveal", "SF102": "pairwise_mask_share", "SF103": "dropout_recovery",
             "SF104": "share_transcript", "SF105": "quantized_sum", "SF106": "field_rescale"},
      render=lambda r, body, out, T: f'''
AXES = {{"parties": "{T['A']}", "shards": "{T['B']}"}}
FIELD_BITS = 16


def make_masked_sum(axes, scale=1.0 / (1 << FIELD_BITS)):
    def masked_sum(shares):
        shares = shares + jnp.float32(0.0)
{body.format(x="shares", a='axes["parties"]', b='axes["shards"]')}
    return masked_sum


class SecureAggregator:
    def __init__(self, mesh, axes=AXES):
        self.mesh = mesh
        self.axes = axes

    def aggregate(self, shares):
        fn = make_masked_sum(self.axes)
        return jax.shard_map(fn, mesh=self.mesh, in_specs=P(self.axes["parties"], self.axes["shards"]),
                             out_specs={out})(shares)


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(AXES.values()))
    shares = jnp.asarray(np.random.default_rng(0).integers(0, 9, size=(8, 4)), jnp.float32)
    return mesh, jax.device_put(shares, NamedSharding(mesh, P(*AXES.values())))


def main(mesh, shares):
    agg = SecureAggregator(mesh)
    print(jax.device_get(agg.aggregate(shares)).shape)
''')

# ---- T4: client sampling with a NamedTuple of axes as a constructor default
theme(prefix="cohort", A="cohort", B="feature", v=("participation", "selected"), op="pmean", const="self.inv_rate",
      names={"SF101": "participation_counts", "SF102": "poisson_mask_gather", "SF103": "importance_weights",
             "SF104": "cohort_snapshot", "SF105": "availability_stats", "SF106": "inverse_rate_weighting"},
      render=lambda r, body, out, T: f'''

class MeshAxes(NamedTuple):
    cohort: str = "{T['A']}"
    feature: str = "{T['B']}"


class ClientSampler:
    def __init__(self, mesh, sampling_rate=0.25, axes=MeshAxes()):
        self.mesh = mesh
        self.inv_rate = 1.0 / sampling_rate
        self.axes = axes

    def _sample(self, scores):
        scores = jnp.where(scores > 0.1, scores, 0.0)
{body.format(x="scores", a="self.axes.cohort", b="self.axes.feature")}

    def __call__(self, scores):
        return jax.shard_map(self._sample, mesh=self.mesh, in_specs=P(*self.axes),
                             out_specs={out})(scores)


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(MeshAxes()))
    scores = jax.random.uniform(jax.random.key(7), (8, 4))
    return mesh, jax.device_put(scores, NamedSharding(mesh, P(*MeshAxes())))


def main(mesh, scores):
    sampler = ClientSampler(mesh)
    print(jax.device_get(sampler(scores)).shape)
''')

# ---- T5: strategy registry (SCAFFOLD/FedProx), class-attribute axes
theme(prefix="scaffold", A="silo", B="model", v=("control_sum", "correction"), op="psum", const="self.mu",
      names={"SF101": "control_variate_update", "SF102": "server_control_gather", "SF103": "drift_correction",
             "SF104": "strategy_state_export", "SF105": "fedprox_proximal_loss", "SF106": "proximal_mu"},
      render=lambda r, body, out, T: f'''
STRATEGIES = {{}}


def register_strategy(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


@register_strategy("scaffold")
class Scaffold:
    AXES = ("{T['A']}", "{T['B']}")
    mu = 0.01

    def __init__(self, mesh):
        self.mesh = mesh

    def server_update(self, controls):
{body.format(x="controls", a="self.AXES[0]", b="self.AXES[1]")}

    def step(self, controls):
        fn = jax.shard_map(self.server_update, mesh=self.mesh, in_specs=P(*self.AXES), out_specs={out})
        return fn(controls)


def build(name, mesh):
    return STRATEGIES[name](mesh)


def inputs():
    mesh = jax.make_mesh((4, 2), Scaffold.AXES)
    controls = jnp.ones((8, 4), jnp.float32) * jnp.arange(4, dtype=jnp.float32)
    return mesh, jax.device_put(controls, NamedSharding(mesh, P(*Scaffold.AXES)))


def main(mesh, controls):
    strategy = build("scaffold", mesh)
    print(jax.device_get(strategy.step(controls)).shape)
''')

# ---- T6: privacy accountant, dict config and module helper behind a lambda
theme(prefix="acct", A="worker", B="order", v=("rdp_total", "epsilons"), op="pmax", const='cfg["delta"]',
      names={"SF101": "rdp_orders_total", "SF102": "moments_gather", "SF103": "epsilon_max",
             "SF104": "ledger_dump", "SF105": "composition_mean", "SF106": "delta_scaling"},
      render=lambda r, body, out, T: f'''
import json

CONFIG = json.loads('{{"axes": {{"worker": "{T['A']}", "order": "{T['B']}"}}, "delta": 1e-5, "steps": 3}}')


def _compose(rdp, worker_axis, order_axis, cfg):
    rdp = rdp * cfg["steps"]
{body.format(x="rdp", a="worker_axis", b="order_axis")}


def inputs():
    ax = CONFIG["axes"]
    mesh = jax.make_mesh((4, 2), (ax["worker"], ax["order"]))
    orders = jnp.tile(jnp.arange(1.5, 5.5, 1.0, dtype=jnp.float32), (8, 1))
    return mesh, jax.device_put(orders, NamedSharding(mesh, P(ax["worker"], ax["order"])))


def main(mesh, orders, cfg=CONFIG):
    ax = cfg["axes"]
    fn = jax.shard_map(lambda r: _compose(r, ax["worker"], ax["order"], cfg), mesh=mesh,
                       in_specs=P(ax["worker"], ax["order"]), out_specs={out})
    print(jax.device_get(fn(orders)).shape)
''')

# ---- T7: round loop with callbacks, axes unpacked from mesh.axis_names
theme(prefix="rounds", A="fleet", B="layer", v=("metric_sum", "metric_rows"), op="pmin", const="self.decay",
      names={"SF101": "eval_callback_sum", "SF102": "metrics_logger_gather", "SF103": "early_stop_min",
             "SF104": "round_checkpoint", "SF105": "client_drift_monitor", "SF106": "metric_ema_decay"},
      render=lambda r, body, out, T: f'''

class Callback:
    def on_round_end(self, rnd, state):
        return state


class MetricCallback(Callback):
    decay = 0.9

    def __init__(self, mesh):
        self.mesh = mesh
        self.client, self.layer = mesh.axis_names

    def _reduce(self, values):
{body.format(x="values", a="self.client", b="self.layer")}

    def on_round_end(self, rnd, state):
        fn = jax.shard_map(self._reduce, mesh=self.mesh, in_specs=P(self.client, self.layer), out_specs={out})
        return fn(state)


def run_rounds(state, callbacks, num_rounds=2):
    for rnd in range(num_rounds):
        for cb in callbacks:
            state = cb.on_round_end(rnd, state)
    return state


def inputs():
    mesh = jax.make_mesh((4, 2), ("{T['A']}", "{T['B']}"))
    state = jnp.full((8, 4), 0.5, jnp.float32)
    return mesh, jax.device_put(state, NamedSharding(mesh, P("{T['A']}", "{T['B']}")))


def main(mesh, state):
    out = run_rounds(state, [MetricCallback(mesh)], num_rounds=1)
    print(jax.device_get(out).shape)
''')

# SF104 programs per theme: (body text, anchor, fix)
TLAG_HDR = "from jax._src.shard_map import top_level_all_gather\n"
def tlag(T):
    A, B = T["A"], T["B"]
    p = T["prefix"]
    if p == "fedavg":
        return f'''

@dataclasses.dataclass(frozen=True)
class ExportLayout:
    train: P = P("{A}", "{B}")
    serve: P = P("{B}", None)


LAYOUT = ExportLayout()


def export_global_model(weights):
    return top_level_all_gather(weights, LAYOUT.serve)


def inputs():
    mesh = jax.make_mesh((4, 2), ("{A}", "{B}"))
    w = jnp.ones((8, 4), jnp.float32)
    return mesh, jax.device_put(w, NamedSharding(mesh, LAYOUT.train))


def main(mesh, weights):
    with jax.set_mesh(mesh):
        exported = export_global_model(weights)
    print(exported.shape)
''', "top_level_all_gather(weights, LAYOUT.serve)", "jax.reshard(weights, LAYOUT.serve)"
    if p == "dpsgd":
        return f'''
import argparse


def parse(argv=()):
    ap = argparse.ArgumentParser()
    ap.add_argument("--mesh-axes", default="{A},{B}")
    ap.add_argument("--dump-layout", default="{B}")
    return ap.parse_args(list(argv))


def dump_spec(args):
    return P(args.dump_layout, None)


def inputs():
    args = parse()
    mesh = jax.make_mesh((4, 2), tuple(args.mesh_axes.split(",")))
    noisy = jax.random.normal(jax.random.key(3), (8, 4))
    return mesh, jax.device_put(noisy, NamedSharding(mesh, P(*args.mesh_axes.split(",")))), args


def main(mesh, noisy, args):
    with jax.set_mesh(mesh):
        host_view = top_level_all_gather(noisy, dump_spec(args))
    print(host_view.shape)
''', "top_level_all_gather(noisy, dump_spec(args))", "jax.reshard(noisy, dump_spec(args))"
    if p == "secagg":
        return f'''
AXES = {{"parties": "{A}", "shards": "{B}"}}
TRANSCRIPT_SPECS = {{"shares": P(AXES["shards"], None), "seeds": P(AXES["parties"])}}


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(AXES.values()))
    shares = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P(AXES["parties"], AXES["shards"])))
    seeds = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P(AXES["parties"])))
    return mesh, {{"seeds": seeds, "shares": shares}}


def main(mesh, transcript):
    dumped = {{}}
    with jax.set_mesh(mesh):
        for name, arr in transcript.items():
            if name == "seeds":
                dumped[name] = arr
                continue
            dumped[name] = top_level_all_gather(arr, TRANSCRIPT_SPECS[name])
    print({{k: v.shape for k, v in dumped.items()}})
''', "top_level_all_gather(arr, TRANSCRIPT_SPECS[name])", "jax.reshard(arr, TRANSCRIPT_SPECS[name])"
    if p == "cohort":
        return f'''

class MeshAxes(NamedTuple):
    cohort: str = "{A}"
    feature: str = "{B}"


class CohortStore:
    def __init__(self, axes=MeshAxes()):
        self.axes = axes

    @property
    def snapshot_spec(self):
        return P(self.axes.feature, None)

    def snapshot(self, table):
        return top_level_all_gather(table, self.snapshot_spec)


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(MeshAxes()))
    table = jax.device_put(jnp.zeros((8, 4)), NamedSharding(mesh, P(*MeshAxes())))
    return mesh, table


def main(mesh, table):
    store = CohortStore()
    with jax.set_mesh(mesh):
        snap = store.snapshot(table)
    print(snap.shape)
''', "top_level_all_gather(table, self.snapshot_spec)", "jax.reshard(table, self.snapshot_spec)"
    if p == "scaffold":
        return f'''
STRATEGIES = {{}}


def register_strategy(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


@register_strategy("scaffold")
class Scaffold:
    AXES = ("{A}", "{B}")
    EXPORT = P(AXES[1], None)

    def export(self, controls):
        return top_level_all_gather(controls, self.EXPORT)


def inputs():
    mesh = jax.make_mesh((4, 2), Scaffold.AXES)
    c = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P(*Scaffold.AXES)))
    return mesh, c


def main(mesh, controls):
    strategy = STRATEGIES["scaffold"]()
    with jax.set_mesh(mesh):
        state = strategy.export(controls)
    print(state.shape)
''', "top_level_all_gather(controls, self.EXPORT)", "jax.reshard(controls, self.EXPORT)"
    if p == "acct":
        return f'''
import json

CONFIG = json.loads('{{"axes": ["{A}", "{B}"], "ledger_spec": ["{B}", null]}}')


def ledger_layout(cfg):
    return P(*cfg["ledger_spec"])


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(CONFIG["axes"]))
    ledger = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P(*CONFIG["axes"])))
    return mesh, ledger


def main(mesh, ledger, cfg=CONFIG):
    write = lambda arr: top_level_all_gather(arr, ledger_layout(cfg))
    with jax.set_mesh(mesh):
        rows = write(ledger)
    print(rows.shape)
''', "top_level_all_gather(arr, ledger_layout(cfg))", "jax.reshard(arr, ledger_layout(cfg))"
    if p == "rounds":
        return f'''

class Callback:
    def on_round_end(self, rnd, state):
        return state


class CheckpointCallback(Callback):
    def __init__(self, mesh):
        self.mesh = mesh
        client, layer = mesh.axis_names
        self.spec = P(layer, None)
        self.saved = []

    def on_round_end(self, rnd, state):
        with jax.set_mesh(self.mesh):
            self.saved.append(top_level_all_gather(state, self.spec))
        return state


def inputs():
    mesh = jax.make_mesh((4, 2), ("{A}", "{B}"))
    state = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("{A}", "{B}")))
    return mesh, state


def main(mesh, state):
    cbs = [CheckpointCallback(mesh)]
    for rnd in range(2):
        for cb in cbs:
            state = cb.on_round_end(rnd, state)
    print(len(cbs[0].saved))
''', "top_level_all_gather(state, self.spec)", "jax.reshard(state, self.spec)"

TAIL = '''

if __name__ == "__main__":
    main(*inputs())
'''
ERR = {"SF101": "all_gather_reduced is a Varying -> Reduced collective",
       "SF102": "all_gather_reduced's input cannot be reduced across the axis_name provided",
       "SF103": "cannot accept args which are reduced",
       "SF104": "don't satisfy this property",
       "SF105": "can only accept axis_name which corresponds to one of varying",
       "SF106": "Inputs cannot be replicated on the same axes that another input is reduced on"}
AXEXPR = {"fedavg": ("self.cfg.client_axis", "self.cfg.model_axis"), "dpsgd": ("replica_axis", "param_axis"),
          "secagg": ('axes["parties"]', 'axes["shards"]'), "cohort": ("self.axes.cohort", "self.axes.feature"),
          "scaffold": ("self.AXES[0]", "self.AXES[1]"), "acct": ("worker_axis", "order_axis"),
          "rounds": ("self.client", "self.layer")}
manifest, fixes = [], {}
CLEAN_PLAN = {"fedavg": ["SF101", "SF103", "SF106"], "dpsgd": ["SF105", "SF106", "SF102"],
              "secagg": ["SF101", "SF105", "SF103"], "cohort": ["SF102", "SF106", "SF103"],
              "scaffold": ["SF105", "SF101"], "acct": ["SF103", "SF106", "SF101"], "rounds": ["SF102", "SF105", "SF106"]}
for T in THEMES:
    a, b = AXEXPR[T["prefix"]]
    for rule in ["SF101", "SF102", "SF103", "SF104", "SF105", "SF106"]:
        name = f'{T["prefix"]}_{T["names"][rule]}.py'
        if rule == "SF104":
            code, anchor, fix = tlag(T)
            src = HDR + TLAG_HDR + code + TAIL
        else:
            lines, outf, anchor, fix, *lanc = bodies(T)[rule]
            ind = "        " if T["prefix"] not in ("dpsgd", "acct") else "    "
            body = "\n".join(ind + l.replace("{x}", "{x}") for l in lines)
            src = HDR + T["render"](rule, body, outf(T["A"], T["B"]), T) + TAIL
            anchor = anchor.format(a=a, b=b); fix = fix.format(a=a, b=b)
        assert src.count(anchor) == 1, (name, anchor)
        lanchor = lanc[0] if rule == "SF106" else anchor
        assert src.count(lanchor) == 1, (name, lanchor)
        line = src[:src.index(lanchor)].count("\n") + 1
        (OUT / "buggy" / name).write_text(src)
        manifest.append((name, line, rule)); fixes[name] = [(anchor, fix)]
    for rule in CLEAN_PLAN[T["prefix"]]:
        lines, outf = CLEAN[rule]
        d, e = T["v"]
        ind = "        " if T["prefix"] not in ("dpsgd", "acct") else "    "
        lines = [l.format(d=d, e=e, op=T["op"], const=T["const"]) for l in lines]
        body = "\n".join(ind + l for l in lines)
        src = HDR + T["render"](rule, body, outf(T["A"], T["B"]), T) + TAIL
        cname = f'{T["prefix"]}_{T["names"][rule]}_ok.py'
        (OUT / "clean" / cname).write_text(src)
json.dump({"manifest": manifest, "fixes": fixes}, open("/tmp/heldout68_meta.json", "w"), indent=1)
print(len(manifest), sum(map(len, CLEAN_PLAN.values())))
