"""layers/attention_out.py in an imagined maxtext-lite fork: tensor-parallel output projection.

The projection contracts over the heads shard and is summed over the `heads` axis; an auxiliary
activation-magnitude loss (z-loss style) is averaged over the logical batch and heads axes.
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


AUX_LOGICAL = ("activation_batch", "activation_heads")


def out_projection(attn, wo, heads_axes):
    y = jnp.einsum("blhd,hde->ble", attn, wo)
    return jax.lax.psum(y, heads_axes)


def activation_aux_loss(y, config):
    rules = config.logical_axis_rules
    local = jnp.mean(jnp.square(y))
    return jax.lax.pmean(local, logical_axis_names(AUX_LOGICAL, rules))


def make_layer(config, mesh):
    rules = config.logical_axis_rules
    attn_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_heads", None), rules)
    wo_spec = logical_to_mesh_axes(("heads", None, None), rules)
    y_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    heads_axes = logical_axis_names(("activation_heads",), rules)

    def layer(attn, wo):
        y = out_projection(attn, wo, heads_axes)
        aux = activation_aux_loss(y, config)
        return y, aux

    return jax.jit(jax.shard_map(layer, mesh=mesh, in_specs=(attn_spec, wo_spec),
                                 out_specs=(y_spec, P())))


def inputs():
    return (["run_name=attn_out", "num_heads=8", "head_dim=2"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    key_a, key_w = jax.random.split(jax.random.PRNGKey(4))
    attn = jax.random.normal(key_a, (config.global_batch_size, config.max_target_length,
                                     config.num_heads, config.head_dim))
    wo = jax.random.normal(key_w, (config.num_heads, config.head_dim, config.emb_dim)) * 0.05
    attn = with_logical_constraint(attn, ("activation_batch", "activation_length", "activation_heads", None),
                                   mesh, rules)
    wo = with_logical_constraint(wo, ("heads", None, None), mesh, rules)
    layer = make_layer(config, mesh)
    with jax.set_mesh(mesh):
        y, aux = layer(attn, wo)
    print("y", y.shape, "aux", float(aux))


if __name__ == "__main__":
    main(*inputs())
