"""Autotuner measurement table: repeated timings per candidate, collected for the cost model."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TunerSpace:
    candidates: str = "cand"
    repeats: str = "rep"

    @property
    def axes(self):
        return (self.candidates, self.repeats)


def collect_repeats(timings, space):
    return jax.lax.all_gather(timings, space.repeats, axis=1, tiled=True, to="reduced")


def training_table(timings, space):
    per_candidate = collect_repeats(timings, space)
    return jax.lax.all_gather(per_candidate, space.axes, axis=0, tiled=True, to="reduced")


def build(space):
    def body(timings):
        return training_table(jnp.log(timings), space)
    return body


def inputs():
    return (np.random.default_rng(47).uniform(1.0, 3.0, size=(8, 6)).astype(np.float32),)


def main(timings):
    space = TunerSpace()
    mesh = jax.make_mesh((4, 2), space.axes)
    timings = jax.device_put(timings, NamedSharding(mesh, P(*space.axes)))
    fn = jax.shard_map(build(space), mesh=mesh, in_specs=P(*space.axes),
                       out_specs=P(None, None, reduced=set(space.axes)))
    return fn(timings)


if __name__ == "__main__":
    print(main(*inputs()))
