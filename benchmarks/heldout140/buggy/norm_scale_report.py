"""eval/norm_scale_report.py in an imagined maxtext-lite fork: per-example pre-norm scales to the report.

In the pure data-parallel eval config the batch is split over every mesh axis; the eval step
returns one RMS per example and the reporter regathers them with `top_level_all_gather`, keeping
the `replica` shard (one file per replica) and reducing over the other axes.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


EVAL_ARGS = ["rule.activation_batch=data,fsdp,tensor", "per_device_batch_size=1"]
REPORT_RULES = (("replica", ("data", "fsdp")),)


def build_eval(config, mesh):
    rules = config.logical_axis_rules
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    out = logical_to_mesh_axes(("activation_batch",), rules)

    @jax.jit
    def eval_step(x):
        def body(x):
            return jnp.sqrt(jnp.mean(x * x, axis=(1, 2)))
        return jax.shard_map(body, mesh=mesh, in_specs=(x_spec,), out_specs=out)(x)

    return eval_step


def report_spec(config):
    rules = config.logical_axis_rules + REPORT_RULES
    kept = logical_axis_names(("replica",), rules)
    rest = set(logical_axis_names(("activation_batch",), rules)) - set(kept)
    return P(kept, reduced=rest)


def inputs():
    return (EVAL_ARGS + ["run_name=norm_report", "max_target_length=4"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(73)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    eval_step = build_eval(config, mesh)
    with jax.set_mesh(mesh):
        rms = eval_step(x)
        report = top_level_all_gather(rms, report_spec(config))
    print("report", report.shape, report.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
