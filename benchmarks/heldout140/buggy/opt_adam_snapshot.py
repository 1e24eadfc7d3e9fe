"""optimizers/adam_ckpt.py in an imagined maxtext-lite fork: Adam update with a moment snapshot.

Parameters and moments are stored split by their logical names (`embed` on fsdp, `mlp` on
tensor). The update gathers the first moment over fsdp (reduced) for the bias-corrected step; the
checkpointer asks for a snapshot of the whole moment over all of the parameter's axes.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


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


W_LOGICAL = ("embed", "mlp")


def adam_moments(g, m, v, b1=0.9, b2=0.999):
    return b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g


def snapshot(x, logical, rules, axis=0):
    return jax.lax.all_gather(x, logical_axis_names(logical, rules), axis=axis, tiled=True, to="reduced")


def make_update(config, mesh):
    rules = config.logical_axis_rules
    spec = logical_to_mesh_axes(W_LOGICAL, rules)
    fsdp_axes = logical_axis_names(("embed",), rules)
    lr = config.learning_rate

    def body(w, g, m, v):
        m, v = adam_moments(g, m, v)
        m_rows = jax.lax.all_gather(m, fsdp_axes, axis=0, tiled=True, to="reduced")
        m_snap = snapshot(m_rows, W_LOGICAL, rules)
        w = w - lr * m / (jnp.sqrt(v) + 1e-8)
        return w, m, v, m_snap

    snap_spec = P(None, None, reduced=set(logical_axis_names(W_LOGICAL, rules)))
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec, spec, spec),
                         out_specs=(spec, spec, spec, snap_spec))


def inputs():
    return (["run_name=adam_ckpt", "learning_rate=0.001"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(0)
    shape = (config.emb_dim, config.mlp_dim)
    w, g = (rng.standard_normal(shape).astype(np.float32) for _ in range(2))
    m = np.zeros(shape, np.float32)
    v = np.zeros(shape, np.float32)
    w, g, m, v = (with_logical_constraint(a, W_LOGICAL, mesh, rules) for a in (w, g, m, v))
    update = make_update(config, mesh)
    with jax.set_mesh(mesh):
        w, m, v, snap = update(w, g, m, v)
    print("w", w.shape, "snapshot", snap.shape)


if __name__ == "__main__":
    main(*inputs())
