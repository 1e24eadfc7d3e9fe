"""inference/kv_cache_dump.py in an imagined maxtext-lite fork: snapshot of the KV cache for debugging.

Keys are projected per head shard, gathered over the heads axis for the decode path, then the
whole cache is collected for the host-side dump.
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


CACHE_LOGICAL = ("cache_batch", "cache_heads")
CACHE_RULES_EXTRA = (("cache_batch", ("data", "fsdp")), ("cache_heads", "tensor"))


def project_kv(x, wk, wv):
    k = jnp.einsum("bld,dhk->blhk", x, wk)
    v = jnp.einsum("bld,dhk->blhk", x, wv)
    return k, v


def decode_view(k, heads_axes):
    return jax.lax.all_gather(k, heads_axes, axis=2, tiled=True, to="reduced")


def make_cache_dump(config, mesh):
    rules = config.logical_axis_rules + CACHE_RULES_EXTRA
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    w_spec = logical_to_mesh_axes((None, "heads", None), rules)
    kv_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_heads", None), rules)
    heads_axes = logical_axis_names(("activation_heads",), rules)
    cache_axes = logical_axis_names(CACHE_LOGICAL, rules)

    def body(x, wk, wv):
        k, v = project_kv(x, wk, wv)
        k_all = decode_view(k, heads_axes)
        k_dump = jax.lax.all_gather(k_all, cache_axes, axis=0, tiled=True, to="reduced")
        return k_dump, v

    return jax.shard_map(
        body, mesh=mesh,
        in_specs=(x_spec, w_spec, w_spec),
        out_specs=(P(None, None, None, None, reduced=set(cache_axes)), kv_spec))


def inputs():
    return (["run_name=kv_dump", "max_target_length=4"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(3)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    wk = rng.standard_normal((config.emb_dim, config.num_heads, config.head_dim)).astype(np.float32) * 0.1
    wv = rng.standard_normal((config.emb_dim, config.num_heads, config.head_dim)).astype(np.float32) * 0.1
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    wk = with_logical_constraint(wk, (None, "heads", None), mesh, rules)
    wv = with_logical_constraint(wv, (None, "heads", None), mesh, rules)
    dump = make_cache_dump(config, mesh)
    with jax.set_mesh(mesh):
        k_dump, v = dump(x, wk, wv)
    print("k dump", k_dump.shape, "v", v.shape)
    for layer in range(config.num_decoder_layers):
        print("layer", layer, "v norm", float(jnp.linalg.norm(v)))


if __name__ == "__main__":
    main(*inputs())
