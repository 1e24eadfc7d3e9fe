"""MaxText-like engine load: training-sharded params re-laid out for decode."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

MESH_AXES = ("data", "tensor")
ICI_PARALLELISM = (2, 4)

TRAIN_RULES = [
    ("embed", ("data", "tensor")),
    ("vocab", None),
    ("mlp", None),
]
DECODE_RULES = [
    ("embed", "tensor"),
    ("vocab", None),
    ("mlp", None),
]

PARAM_AXES = {
    "decoder": {
        "logits_dense": {"kernel": ("embed", "vocab")},
        "mlp": {"wi": ("embed", "mlp")},
    },
}


def names_to_spec(names, rules, reduced=()):
    table = dict(rules)
    return P(*(table[n] for n in names), reduced=set(reduced))


def is_axes(node):
    return isinstance(node, tuple) and all(isinstance(n, str) for n in node)


def load_train_params(mesh, raw):
    def place(arr, names):
        return jax.device_put(arr, NamedSharding(mesh, names_to_spec(names, TRAIN_RULES)))
    return jax.tree.map(place, raw, PARAM_AXES, is_leaf=is_axes)


def unshard_for_decode(params):
    dropped = [a for a in MESH_AXES if a not in dict(DECODE_RULES).values()]

    def relayout(arr, names):
        return top_level_all_gather(arr, names_to_spec(names, DECODE_RULES, reduced=dropped))
    return jax.tree.map(relayout, params, PARAM_AXES, is_leaf=is_axes)


def inputs():
    rng = np.random.default_rng(3)
    raw = {
        "decoder": {
            "logits_dense": {"kernel": rng.standard_normal((16, 32)).astype(np.float32)},
            "mlp": {"wi": rng.standard_normal((16, 24)).astype(np.float32)},
        },
    }
    return (raw,)


def main(raw):
    mesh = jax.make_mesh(ICI_PARALLELISM, MESH_AXES)
    with jax.set_mesh(mesh):
        params = load_train_params(mesh, raw)
        decode_params = unshard_for_decode(params)
    return decode_params


if __name__ == "__main__":
    main(*inputs())
