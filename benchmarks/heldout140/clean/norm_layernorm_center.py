"""layers/layernorm_tp.py in an imagined maxtext-lite fork: LayerNorm over a tensor-split hidden.

The hidden dimension is split over tensor (`activation_embed` rule). The centring step regathers
the hidden (reduced) so the centred activations can be written in one piece; the mean and variance
are then summed over the embed axis.
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


TP_ARGS = ["rule.activation_embed=tensor", "rule.norm=tensor"]


def moments(x, axes, dim):
    mean = jax.lax.psum(jnp.sum(x, axis=-1, keepdims=True), axes) / dim
    return mean


def layer_norm_fn(config, mesh):
    rules = config.logical_axis_rules
    embed_axes = logical_axis_names(("activation_embed",), rules)
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    dim = config.emb_dim

    def body(x):
        mu = moments(x, embed_axes, dim)
        centred = x - mu
        var = jax.lax.psum(jnp.sum(centred * centred, axis=-1, keepdims=True), embed_axes) / dim
        return centred * jax.lax.rsqrt(var + 1e-5)

    return jax.shard_map(body, mesh=mesh, in_specs=(x_spec,), out_specs=x_spec)


def inputs():
    return (TP_ARGS + ["run_name=layernorm", "emb_dim=16"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(72)
    x = (rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)) * 3 + 1)
    x = with_logical_constraint(x.astype(np.float32), ("activation_batch", "activation_length", "activation_embed"),
                                mesh, rules)
    with jax.set_mesh(mesh):
        y = layer_norm_fn(config, mesh)(x)
    print("layernorm", y.shape, float(jnp.mean(y)), float(jnp.std(y)))


if __name__ == "__main__":
    main(*inputs())
