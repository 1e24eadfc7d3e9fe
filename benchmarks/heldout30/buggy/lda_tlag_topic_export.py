"""Export the fitted topic-word matrix for pyLDAvis, in the layout the export table names."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FIT_AXES = ("topics", "vocab")
EXPORT_LAYOUTS = {
    "topic_word": P(tuple(reversed(FIT_AXES)), None),
    "doc_topic": P(None, None),
}


def export(arrays, mesh):
    out = {}
    with jax.set_mesh(mesh):
        for name, arr in arrays.items():
            placed = jax.device_put(arr, NamedSharding(mesh, P(FIT_AXES, None)))
            out[name] = top_level_all_gather(placed, EXPORT_LAYOUTS[name])
    return out


def inputs():
    rng = np.random.default_rng(71)
    return (rng.uniform(size=(16, 10)).astype(np.float32),)


def main(topic_word):
    mesh = jax.make_mesh((4, 2), FIT_AXES)
    return export({"topic_word": topic_word}, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
