"""Weights prepacked in the layout the autotuner picked, unpacked again for a reference GEMM."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "row_panels": P(("m", "k"), None),
    "col_panels": P(None, ("m", "k")),
}
UNPACK = {
    "row_panels": P("m", None, reduced={"k"}),
    "col_panels": P(None, "k", reduced={"m"}),
}


@dataclasses.dataclass(frozen=True)
class TuneResult:
    layout: str
    block_k: int
    time_us: float


def prepack(w):
    return w.astype(jnp.float32) * 1.0


def inputs():
    rng = np.random.default_rng(53)
    results = [TuneResult("row_panels", 32, 41.0), TuneResult("col_panels", 64, 37.5)]
    return rng.standard_normal((16, 16)).astype(np.float32), results


def main(w, results):
    best = min(results, key=lambda r: r.time_us)
    mesh = jax.make_mesh((2, 4), ("m", "k"))
    with jax.set_mesh(mesh):
        packed = jax.jit(prepack, out_shardings=NamedSharding(mesh, LAYOUTS[best.layout]))(w)
        unpacked = top_level_all_gather(packed, UNPACK[best.layout])
    return np.asarray(unpacked)


if __name__ == "__main__":
    main(*inputs())
