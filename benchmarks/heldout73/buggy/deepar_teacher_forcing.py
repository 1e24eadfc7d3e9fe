"""DeepAR-style training network: teacher forcing shifts the target one step across time shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAINER = {"mesh_shape": (2, 4), "batch_axis": "data", "time_axis": "model", "scaling": True}


class DeepARTrainingNetwork:
    def __init__(self, batch_axis, time_axis, num_time_shards, scaling=True):
        self.batch_axis = batch_axis
        self.time_axis = time_axis
        self.num_time_shards = num_time_shards
        self.scaling = scaling

    @property
    def shift_perm(self):
        n = self.num_time_shards
        return [(i, (i + 1) % n) for i in range(n)]

    def scaled_target(self, target):
        if not self.scaling:
            return target
        scaled = target / (1.0 + jnp.abs(target).mean(axis=1, keepdims=True))
        return jax.lax.all_gather(scaled, self.time_axis, axis=1, tiled=True, to="reduced")

    def shift_right(self, target):
        last = target[:, -1:]
        incoming = jax.lax.ppermute(last, self.time_axis, self.shift_perm)
        return jnp.concatenate([incoming, target[:, :-1]], axis=1)

    def __call__(self, target):
        context = self.scaled_target(target)[:, -target.shape[1]:]
        return self.shift_right(context)

def inputs():
    rng = np.random.default_rng(2)
    return (rng.poisson(5.0, size=(8, 16)).astype(np.float32),)


def main(target):
    mesh = jax.make_mesh(TRAINER["mesh_shape"], (TRAINER["batch_axis"], TRAINER["time_axis"]))
    net = DeepARTrainingNetwork(TRAINER["batch_axis"], TRAINER["time_axis"],
                                mesh.shape[TRAINER["time_axis"]], scaling=TRAINER["scaling"])
    spec = P(TRAINER["batch_axis"], TRAINER["time_axis"])
    target = jax.device_put(target, NamedSharding(mesh, spec))
    forward = functools.partial(jax.shard_map, mesh=mesh, in_specs=spec, out_specs=spec)(net)
    return forward(target)


if __name__ == "__main__":
    print(main(*inputs()))
