"""EMA of FSDP-sharded params, synchronised across the fsdp group before a checkpoint."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EMAState(NamedTuple):
    step: int
    params: dict


class SaveCallback:
    def __init__(self, every, fsdp_axis="fsdp", decay=0.99):
        self.every = every
        self.fsdp_axis = fsdp_axis
        self.decay = decay

    def update_ema(self, ema, params):
        return jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, ema, params)

    def materialize(self, ema):
        gathered = {k: jax.lax.all_gather(v, self.fsdp_axis, tiled=True, to="reduced") for k, v in ema.items()}
        return {k: jax.lax.pmean(jax.lax.pcast(v, self.fsdp_axis, to="varying"), self.fsdp_axis) for k, v in gathered.items()}


def run(mesh, callback, params, num_steps):
    spec = P("fsdp")
    shard = lambda t: {k: jax.device_put(v, NamedSharding(mesh, spec)) for k, v in t.items()}
    specs = {k: spec for k in params}
    params = shard(params)
    state = EMAState(0, params)
    update = jax.jit(jax.shard_map(callback.update_ema, mesh=mesh, in_specs=(specs, specs), out_specs=specs))
    save = jax.jit(jax.shard_map(callback.materialize, mesh=mesh, in_specs=(specs,),
                                 out_specs={k: P() for k in params}))
    saved = []
    for step in range(1, num_steps + 1):
        state = EMAState(step, update(state.params, params))
        if step % callback.every == 0:
            saved.append(save(state.params))
    return saved


def inputs():
    rng = np.random.default_rng(26)
    return ({"w": rng.standard_normal(8).astype(np.float32), "b": rng.standard_normal(8).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("replica", "fsdp"))
    return run(mesh, SaveCallback(every=2), params, num_steps=4)


if __name__ == "__main__":
    main(*inputs())
