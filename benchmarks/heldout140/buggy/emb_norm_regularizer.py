"""layers/embed_regularizer.py in an imagined maxtext-lite fork: embedding-norm regulariser.

The vocab-parallel lookup sums partial embeddings over the vocab axis; the regulariser (mean
squared embedding norm, as in the stability recipe) is summed over every axis of the mesh from
the config and divided by the token count.
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


def vocab_lookup(table, tokens, axis):
    rows = table.shape[0]
    local = tokens - jax.lax.axis_index(axis) * rows
    ok = (local >= 0) & (local < rows)
    return jnp.where(ok[..., None], table[jnp.clip(local, 0, rows - 1)], 0.0)


def build(config, mesh):
    rules = config.logical_axis_rules
    vocab_axes = logical_axis_names(("vocab",), rules)
    all_axes = tuple(config.mesh_axes)
    n_tokens = config.global_batch_size * config.max_target_length
    t_spec = logical_to_mesh_axes(("vocab", None), rules)
    tok_spec = logical_to_mesh_axes(("activation_batch", "activation_length"), rules)
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)

    def body(table, tokens):
        x = jax.lax.psum(vocab_lookup(table, tokens, vocab_axes[0]), vocab_axes)
        reg = jax.lax.psum(jnp.sum(jnp.square(x)), all_axes) / n_tokens
        return x, reg

    return jax.shard_map(body, mesh=mesh, in_specs=(t_spec, tok_spec), out_specs=(x_spec, P()))


def inputs():
    return (["run_name=emb_reg", "vocab_size=32"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(44)
    table = (rng.standard_normal((config.vocab_size, config.emb_dim)) * 0.1).astype(np.float32)
    tokens = rng.integers(0, config.vocab_size, (config.global_batch_size, config.max_target_length)).astype(np.int32)
    table = with_logical_constraint(table, ("vocab", None), mesh, rules)
    tokens = with_logical_constraint(tokens, ("activation_batch", "activation_length"), mesh, rules)
    with jax.set_mesh(mesh):
        x, reg = build(config, mesh)(table, tokens)
    print("x", x.shape, "regulariser", float(reg))


if __name__ == "__main__":
    main(*inputs())
