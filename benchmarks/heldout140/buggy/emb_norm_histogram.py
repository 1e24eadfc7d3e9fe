"""layers/embed_vocab_parallel.py in an imagined maxtext-lite fork: vocab-parallel token embedding.

The table is split over the vocabulary (`vocab` rule); each shard embeds the tokens it owns and
the partial embeddings are summed over the vocab axis. A histogram hook collects the per-token
embedding norms of every shard for the data-quality dashboard.
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


def shard_lookup(table, tokens, vocab_axes):
    rows = table.shape[0]
    start = jax.lax.axis_index(vocab_axes) * rows
    local = tokens - start
    owned = (local >= 0) & (local < rows)
    emb = jnp.take(table, jnp.clip(local, 0, rows - 1), axis=0)
    return jnp.where(owned[..., None], emb, 0.0)


class VocabParallelEmbed:
    def __init__(self, config, mesh):
        self.mesh = mesh
        rules = config.logical_axis_rules
        self.vocab_axes = logical_axis_names(("vocab",), rules)
        self.hist_axes = logical_axis_names(("activation_vocab",), rules)
        self.table_spec = logical_to_mesh_axes(("vocab", None), rules)
        self.tok_spec = logical_to_mesh_axes(("activation_batch", "activation_length"), rules)
        self.out_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
        self.scale = float(np.sqrt(config.emb_dim))

    def body(self, table, tokens):
        x = jax.lax.psum(shard_lookup(table, tokens, self.vocab_axes), self.vocab_axes) * self.scale
        norms = jnp.linalg.norm(x, axis=-1)
        hist = jax.lax.all_gather(norms, self.hist_axes, axis=1, tiled=True, to="reduced")
        return x, hist

    def __call__(self, table, tokens):
        hist_spec = P(*self.tok_spec, reduced=set(self.hist_axes))
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=(self.table_spec, self.tok_spec),
                             out_specs=(self.out_spec, hist_spec))(table, tokens)


def inputs():
    return (["run_name=embed", "vocab_size=32", "emb_dim=8"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(9)
    table = (rng.standard_normal((config.vocab_size, config.emb_dim)) * 0.02).astype(np.float32)
    tokens = rng.integers(0, config.vocab_size, (config.global_batch_size, config.max_target_length)).astype(np.int32)
    table = with_logical_constraint(table, ("vocab", None), mesh, rules)
    tokens = with_logical_constraint(tokens, ("activation_batch", "activation_length"), mesh, rules)
    with jax.set_mesh(mesh):
        x, hist = VocabParallelEmbed(config, mesh)(table, tokens)
    print("embedded", x.shape, "norm histogram", hist.shape)


if __name__ == "__main__":
    main(*inputs())
