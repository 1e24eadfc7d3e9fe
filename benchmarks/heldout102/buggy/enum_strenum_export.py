"""Export layouts keyed by an enum.StrEnum of parameter kinds."""
import enum

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Kind(enum.StrEnum):
    EMBED = enum.auto()
    PROJ = enum.auto()


PLACEMENT = {Kind.EMBED: P("model", "data"), Kind.PROJ: P("data", "model")}
EXPORT = {Kind.EMBED: P(None, "data", reduced={"model"}), Kind.PROJ: P("model", None, reduced={"data"})}


def export(params, mesh):
    with jax.set_mesh(mesh):
        out = {}
        for name, w in params.items():
            kind = Kind(name.split("_")[0])
            w = jax.device_put(w, NamedSharding(mesh, PLACEMENT[kind]))
            out[name] = top_level_all_gather(w, EXPORT[kind])
        return out


def inputs():
    rng = np.random.default_rng(25)
    return ({"embed_tokens": rng.normal(size=(8, 8)), "proj_out": rng.normal(size=(8, 8))},)


def main(params):
    return export(params, jax.make_mesh((4, 2), ("data", "model")))


if __name__ == "__main__":
    main(*inputs())
