"""eval/attention_export.py in an imagined maxtext-lite fork: export attention outputs for probing.

Attention runs as a jitted step with `out_shardings` from the logical rules; the export regathers
the heads (and, for the host writer, the batch shards) with `top_level_all_gather`.
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


EXPORT_LOGICAL = ("export_batch", None, None, None)
EXPORT_RULES = (("export_batch", "data"),)


def export_spec(config):
    rules = config.logical_axis_rules + EXPORT_RULES
    spec = logical_to_mesh_axes(EXPORT_LOGICAL, rules)
    gathered = set(config.mesh_axes) - set(logical_axis_names(EXPORT_LOGICAL, rules))
    return P(*spec, reduced=gathered)


def build_attention(config, mesh):
    rules = config.logical_axis_rules
    names = ("activation_batch", "activation_length", "activation_heads", None)
    out_sharding = NamedSharding(mesh, logical_to_mesh_axes(names, rules))

    @jax.jit
    def attend(q, k, v):
        s = jnp.einsum("blhd,bmhd->bhlm", q, k) / np.sqrt(config.head_dim)
        p = jax.nn.softmax(s, axis=-1)
        o = jnp.einsum("bhlm,bmhd->blhd", p, v)
        return jax.reshard(o, out_sharding.spec)

    return attend, names


def inputs():
    return (["run_name=attn_export", "max_target_length=4"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    attend, names = build_attention(config, mesh)
    shape = (config.global_batch_size, config.max_target_length, config.num_heads, config.head_dim)
    rng = np.random.default_rng(11)
    q, k, v = (with_logical_constraint(rng.standard_normal(shape).astype(np.float32), names, mesh, rules)
               for _ in range(3))
    with jax.set_mesh(mesh):
        o = attend(q, k, v)
        exported = top_level_all_gather(o, export_spec(config), multi_dim=True)
    print("exported", exported.shape, exported.sharding.spec)
    print("checksum", float(jnp.sum(exported)))


if __name__ == "__main__":
    main(*inputs())
