"""layers/ring_kv_stats.py in an imagined maxtext-lite fork: ring pass of per-shard key statistics.

Each context shard summarises its keys; the running maximum starts from a value that is the same on
every shard (a pmax), so it is cast to varying before it joins the `ppermute` ring loop.
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


def ring_max(local, axis, size):
    perm = [(i, (i + 1) % size) for i in range(size)]
    floor = jax.lax.pmax(jnp.min(local), axis)
    best = jax.lax.pcast(jnp.broadcast_to(floor, local.shape), axis, to="varying")
    block = local
    for _ in range(size):
        best = jnp.maximum(best, block)
        block = jax.lax.ppermute(block, axis, perm)
    return best


def key_stats(config, mesh):
    rules = config.logical_axis_rules
    ctx = logical_axis_names(("activation_length",), rules)[0]
    spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    out = logical_to_mesh_axes(("activation_batch", None), rules)

    def body(k):
        local = jnp.max(jnp.abs(k), axis=1)
        return ring_max(local, ctx, mesh.shape[ctx])

    return jax.shard_map(body, mesh=mesh, in_specs=(spec,), out_specs=P(*out[:1], ctx))


def inputs():
    return (CP_ARGS + ["run_name=ring_stats"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(92)
    k = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    k = with_logical_constraint(k, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    with jax.set_mesh(mesh):
        stats = key_stats(config, mesh)(k)
    print("ring max", stats.shape, float(jnp.max(stats)))


if __name__ == "__main__":
    main(*inputs())
