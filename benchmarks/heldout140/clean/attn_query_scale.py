"""layers/attention_qproj.py in an imagined maxtext-lite fork: FSDP query projection.

The query kernel is stored split over `embed` (fsdp) and gathered per layer to a reduced value,
so its gradient comes back as a reduce-scatter. The 1/sqrt(head_dim) scale is applied to the
projected queries.
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


def fsdp_gather(w, names, rules):
    axes = logical_axis_names(names, rules)
    dim = next(i for i, n in enumerate(names) if n is not None and _rule(n, rules) is not None)
    return jax.lax.all_gather(w, axes, axis=dim, tiled=True, to="reduced")


def query_layer(config, mesh):
    rules = config.logical_axis_rules
    x_names = ("activation_batch", "activation_length", "activation_embed")
    wq_names = ("embed", None, None)
    q_names = ("activation_batch", "activation_length", None, None)
    depth_scale = 1.0 / np.sqrt(config.head_dim)

    def body(x, wq):
        wq_full = fsdp_gather(wq, wq_names, rules)
        return jnp.einsum("bld,dhk->blhk", x, wq_full) * depth_scale

    fn = jax.shard_map(body, mesh=mesh,
                       in_specs=(logical_to_mesh_axes(x_names, rules), logical_to_mesh_axes(wq_names, rules)),
                       out_specs=logical_to_mesh_axes(q_names, rules))
    return fn, x_names, wq_names


def inputs():
    return (["run_name=qproj", "rule.activation_batch=data", "per_device_batch_size=2"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    fn, x_names, wq_names = query_layer(config, mesh)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim))
    wq = rng.standard_normal((config.emb_dim, config.num_heads, config.head_dim)) / np.sqrt(config.emb_dim)
    x = with_logical_constraint(x.astype(np.float32), x_names, mesh, rules)
    wq = with_logical_constraint(wq.astype(np.float32), wq_names, mesh, rules)
    with jax.set_mesh(mesh):
        q = fn(x, wq)
    print("q", q.shape, float(jnp.abs(q).mean()))


if __name__ == "__main__":
    main(*inputs())
