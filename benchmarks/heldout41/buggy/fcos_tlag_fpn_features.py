"""Dump FPN feature maps for an inspection tool: each level moved to the viewer layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FPN_LEVELS = ["p3", "p4", "p5"]
TRAIN_SPEC = {
    "p3": P("batch", "spatial", None),
    "p4": P(("batch", "spatial"), None, None),
    "p5": P("batch", None, None),
}
VIEW_SPEC = {
    "p3": P("batch", None, None, reduced={"spatial"}),
    "p4": P("spatial", None, None, reduced={"batch"}),
    "p5": P("batch", None, None),
}


def backbone_features(mesh):
    feats = {}
    for i, level in enumerate(FPN_LEVELS):
        f = np.full((8, 16 >> i, 4), float(i), np.float32)
        feats[level] = jax.device_put(f, NamedSharding(mesh, TRAIN_SPEC[level]))
    return feats


def dump(feats):
    return {level: top_level_all_gather(feats[level], VIEW_SPEC[level]) for level in FPN_LEVELS}


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    with jax.set_mesh(mesh):
        return dump(backbone_features(mesh))


if __name__ == "__main__":
    main(*inputs())
