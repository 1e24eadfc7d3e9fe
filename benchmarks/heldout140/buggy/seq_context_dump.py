"""eval/context_dump.py in an imagined maxtext-lite fork: dump context-parallel activations.

Activations come out of a jitted layer laid out by the logical rules (batch on `data`, sequence on
`context`). The dump regathers the sequence with `top_level_all_gather`, keeping the batch shard,
with the target spec built from the logical names the dump file uses.
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


CP_ARGS = ["mesh_axes=data,context,tensor", "rule.activation_length=context", "rule.activation_batch=data"]
ACT_LOGICAL = ("activation_batch", "activation_length", "activation_embed")
DUMP_LOGICAL = ("activation_length", "activation_batch", "activation_embed")


def build_layer(config, mesh):
    rules = config.logical_axis_rules
    spec = logical_to_mesh_axes(ACT_LOGICAL, rules)

    @jax.jit
    def layer(x, w):
        y = jnp.tanh(jnp.einsum("bld,de->ble", x, w))
        return jax.reshard(y, spec)

    return layer


def dump_spec(rules):
    lead = logical_to_mesh_axes(DUMP_LOGICAL[:1], rules)[0]
    gathered = set(logical_axis_names(ACT_LOGICAL, rules)) - set(logical_axis_names(DUMP_LOGICAL[:1], rules))
    return P(lead, None, None, reduced=gathered)


def inputs():
    return (CP_ARGS + ["run_name=ctx_dump", "max_target_length=8"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(63)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    w = (rng.standard_normal((config.emb_dim, config.emb_dim)) * 0.2).astype(np.float32)
    x = with_logical_constraint(x, ACT_LOGICAL, mesh, rules)
    w = with_logical_constraint(w, (None, None), mesh, rules)
    layer = build_layer(config, mesh)
    with jax.set_mesh(mesh):
        y = layer(x, w)
        dumped = top_level_all_gather(y, dump_spec(rules))
    print("dumped", dumped.shape, dumped.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
