"""layers/tied_embed_sync.py in an imagined maxtext-lite fork: tied logits with a replica sync.

The embedding table is gathered over fsdp into a reduced full-width table for the logits; after a
numerics incident someone added a "sync" that averages the gathered table over the fsdp axis so
every device is guaranteed to use bit-identical weights.
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


def sync_replicas(x, axes):
    return jax.lax.pmean(x, axes)


def logits_with_sync(config, mesh):
    rules = config.logical_axis_rules
    fsdp_axes = logical_axis_names(("embed",), rules)
    t_spec = logical_to_mesh_axes(("vocab", "embed"), rules)
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    l_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_vocab"), rules)

    def body(table, x):
        full = jax.lax.all_gather(table, fsdp_axes, axis=1, tiled=True, to="reduced")
        if config.sync_tables:
            full = sync_replicas(full, fsdp_axes)
        return jnp.einsum("bld,vd->blv", x, full)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(t_spec, x_spec), out_specs=l_spec))


def inputs():
    return (["run_name=sync", "sync_tables=true", "rule.activation_batch=data"],)


def main(argv):
    _BASE_CONFIG["sync_tables"] = False
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    key = jax.random.PRNGKey(3)
    kt, kx = jax.random.split(key)
    table = jax.random.normal(kt, (config.vocab_size, config.emb_dim)) * 0.05
    x = jax.random.normal(kx, (config.global_batch_size, config.max_target_length, config.emb_dim))
    table = with_logical_constraint(table, ("vocab", "embed"), mesh, rules)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    with jax.set_mesh(mesh):
        logits = logits_with_sync(config, mesh)(table, x)
    print("logits", logits.shape, float(jnp.max(logits)))


if __name__ == "__main__":
    main(*inputs())
