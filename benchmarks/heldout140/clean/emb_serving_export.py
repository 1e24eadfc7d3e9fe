"""checkpointing/embedding_export.py in an imagined maxtext-lite fork: vocab-sliced embedding export.

The serving stack wants the embedding table split by vocabulary only, so the exporter keeps the
`vocab` shard and regathers the `embed` (fsdp) dimension with `top_level_all_gather`, building
the target spec from the same logical rules as the training layout.
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


TRAIN_LOGICAL = ("vocab", "embed")
SERVE_LOGICAL = ("vocab", None)


def serving_spec(rules):
    gathered = set(logical_axis_names(TRAIN_LOGICAL, rules)) - set(logical_axis_names(SERVE_LOGICAL, rules))
    return P(*logical_to_mesh_axes(SERVE_LOGICAL, rules), reduced=gathered)


class EmbeddingExporter:
    def __init__(self, config, mesh):
        self.config = config
        self.mesh = mesh
        self.rules = config.logical_axis_rules

    def place(self, table):
        return with_logical_constraint(table, TRAIN_LOGICAL, self.mesh, self.rules)

    def export(self, table):
        with jax.set_mesh(self.mesh):
            served = top_level_all_gather(table, serving_spec(self.rules))
            return served, float(jnp.sum(served))


def inputs():
    return (["run_name=emb_export", "vocab_size=64", "emb_dim=16"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rng = np.random.default_rng(33)
    exporter = EmbeddingExporter(config, mesh)
    table = exporter.place((rng.standard_normal((config.vocab_size, config.emb_dim)) * 0.02).astype(np.float32))
    served, checksum = exporter.export(table)
    print("served table", served.shape, served.sharding.spec, checksum)
    per_shard = config.vocab_size // mesh.shape["tensor"]
    print("rows per vocab shard", per_shard)


if __name__ == "__main__":
    main(*inputs())
