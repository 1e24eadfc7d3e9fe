"""Load sharded normalisation statistics and write them out as one host-side table per field."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class NormalizationStats:
    mean_by_level: np.ndarray
    stddev_by_level: np.ndarray
    diffs_stddev_by_level: np.ndarray


# How each field is stored on device, and how it is gathered for the writer.
STORAGE_LAYOUT = {
    "mean_by_level": P("level"),
    "stddev_by_level": P("level"),
    "diffs_stddev_by_level": P(("batch", "level")),
}
EXPORT_LAYOUT = {
    "mean_by_level": P(None, reduced={"level"}),
    "stddev_by_level": P(None, reduced={"level"}),
    "diffs_stddev_by_level": P("level", reduced={"batch"}),
}


def load_stats(mesh, raw):
    return NormalizationStats(**{
        f.name: jax.device_put(raw[f.name], NamedSharding(mesh, STORAGE_LAYOUT[f.name]))
        for f in dataclasses.fields(NormalizationStats)
    })


def export_stats(stats):
    exported = {}
    for f in dataclasses.fields(stats):
        value = getattr(stats, f.name)
        exported[f.name] = top_level_all_gather(value, EXPORT_LAYOUT[f.name])
    return exported


def inputs():
    rng = np.random.default_rng(23)
    raw = {
        "mean_by_level": rng.normal(size=(16,)).astype(np.float32),
        "stddev_by_level": rng.random(size=(16,)).astype(np.float32) + 0.5,
        "diffs_stddev_by_level": rng.random(size=(16,)).astype(np.float32) * 0.1,
    }
    return (raw,)


def main(raw):
    mesh = jax.make_mesh((2, 4), ("batch", "level"))
    with jax.set_mesh(mesh):
        stats = load_stats(mesh, raw)
        return export_stats(stats)


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
