"""Sharding specs kept as dataclass field metadata and read back with dataclasses.fields."""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class AttentionParams:
    wq: np.ndarray = dataclasses.field(metadata={"spec": P("data", "model"),
                                                 "export": P(None, "model", reduced={"data"})})
    wo: np.ndarray = dataclasses.field(metadata={"spec": P("model", "data"),
                                                 "export": P(None, "data", reduced={"model"})})
    bias: np.ndarray = dataclasses.field(metadata={"spec": P(("data", "model")),
                                                   "export": P("model", reduced={"data"})})


def export(params, mesh):
    out = {}
    with jax.set_mesh(mesh):
        for f in dataclasses.fields(params):
            value = jax.device_put(getattr(params, f.name), NamedSharding(mesh, f.metadata["spec"]))
            out[f.name] = top_level_all_gather(value, f.metadata["export"])
    return out


def inputs():
    rng = np.random.default_rng(19)
    return (AttentionParams(wq=rng.normal(size=(8, 8)), wo=rng.normal(size=(8, 8)),
                            bias=rng.normal(size=(16,))),)


def main(params):
    return export(params, jax.make_mesh((4, 2), ("data", "model")))


if __name__ == "__main__":
    main(*inputs())
