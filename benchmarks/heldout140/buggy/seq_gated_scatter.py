"""layers/seqpar_gated.py in an imagined maxtext-lite fork: sequence-parallel gated block.

Sequence parallelism: all-gather the sequence over the context axis, apply the gated elementwise
block on the full sequence, reduce-scatter back onto the context shards. The gathers keep the
reduced type so the backward pass pairs them with reduce-scatters.
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


CP_ARGS = ["mesh_axes=data,context,tensor", "rule.activation_length=context", "rule.activation_batch=data"]


def sp_gather(x, axes):
    return jax.lax.all_gather(x, axes, axis=1, tiled=True, to="reduced")


def sp_scatter(x, axes):
    return jax.lax.psum_scatter(x, axes, scatter_dimension=1, tiled=True)


def gated_block(config, mesh):
    rules = config.logical_axis_rules
    ctx_axes = logical_axis_names(("activation_length",), rules)
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)

    def body(x, gate):
        x_full = sp_gather(x, ctx_axes)
        g_full = sp_gather(gate, ctx_axes)
        y = jnp.tanh(x_full) * jnp.tanh(g_full)
        return sp_scatter(y, ctx_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=(x_spec, x_spec), out_specs=x_spec)


def inputs():
    return (CP_ARGS + ["run_name=sp_gated", "max_target_length=8"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    names = ("activation_batch", "activation_length", "activation_embed")
    rng = np.random.default_rng(62)
    shape = (config.global_batch_size, config.max_target_length, config.emb_dim)
    x = with_logical_constraint(rng.standard_normal(shape).astype(np.float32), names, mesh, rules)
    gate = with_logical_constraint(rng.standard_normal(shape).astype(np.float32), names, mesh, rules)
    with jax.set_mesh(mesh):
        y = gated_block(config, mesh)(x, gate)
    print("gated", y.shape, float(jnp.sum(y)))


if __name__ == "__main__":
    main(*inputs())
