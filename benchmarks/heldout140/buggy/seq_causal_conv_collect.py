"""layers/causal_conv.py in an imagined maxtext-lite fork: short causal convolution under context parallelism.

The conv needs the whole sequence, so the context shards are gathered (reduced) along the length;
the checker then collects the full activations over every logical axis of the activation.
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
ACT_LOGICAL = ("activation_batch", "activation_length")


def causal_conv(x, kernel):
    width = kernel.shape[0]
    padded = jnp.pad(x, ((0, 0), (width - 1, 0), (0, 0)))
    return sum(padded[:, i:i + x.shape[1]] * kernel[i] for i in range(width))


def collect(x, rules):
    axes = logical_axis_names(ACT_LOGICAL, rules)
    return jax.lax.all_gather(x, axes, axis=1, tiled=True, to="reduced")


def conv_layer(config, mesh):
    rules = config.logical_axis_rules
    ctx_axes = logical_axis_names(("activation_length",), rules)
    x_spec = logical_to_mesh_axes(ACT_LOGICAL + ("activation_embed",), rules)

    def body(x, kernel):
        seq = jax.lax.all_gather(x, ctx_axes, axis=1, tiled=True, to="reduced")
        y_full = jax.nn.silu(causal_conv(jax.lax.pcast(seq, ctx_axes, to="varying"), kernel))
        start = jax.lax.axis_index(ctx_axes[0]) * x.shape[1]
        y = jax.lax.dynamic_slice_in_dim(y_full, start, x.shape[1], axis=1)
        return y, collect(seq, rules)

    full = P(None, None, None, reduced=set(logical_axis_names(ACT_LOGICAL, rules)))
    return jax.shard_map(body, mesh=mesh, in_specs=(x_spec, P()),
                         out_specs=(x_spec, full))


def inputs():
    return (CP_ARGS + ["run_name=conv", "max_target_length=8"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(61)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    kernel = (rng.standard_normal((3, config.emb_dim)) * 0.3).astype(np.float32)
    x = with_logical_constraint(x, ACT_LOGICAL + ("activation_embed",), mesh, rules)
    kernel = with_logical_constraint(kernel, (None, None), mesh, rules)
    with jax.set_mesh(mesh):
        y, everything = conv_layer(config, mesh)(x, kernel)
    print("conv out", y.shape, "collected", everything.shape)


if __name__ == "__main__":
    main(*inputs())
