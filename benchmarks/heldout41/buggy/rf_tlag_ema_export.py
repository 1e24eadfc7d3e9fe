"""Export EMA weights of a flow-matching model from the FSDP training layout to the sampler layout."""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Layouts:
    train: P = P(("data", "model"), None)
    sample: P = P("model", None, reduced={"data"})


LAYOUTS = Layouts()


def load_ema(mesh):
    w = np.arange(32 * 4, dtype=np.float32).reshape(32, 4) / 100.0
    return jax.device_put(w, NamedSharding(mesh, LAYOUTS.train))


def to_sampler(ema):
    return top_level_all_gather(ema, LAYOUTS.sample)


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        ema = load_ema(mesh)
        return to_sampler(ema)


if __name__ == "__main__":
    main(*inputs())
