"""1F1B steady state: each stage runs a microbatch and sends the activation downstream."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PipeComm:
    def __init__(self, axis, n):
        self.axis = axis
        self.n = n

    @property
    def downstream(self):
        return [(i, (i + 1) % self.n) for i in range(self.n)]

    def send_forward(self, h):
        return jax.lax.ppermute(h, self.axis, self.downstream)


class OneFOneBStage:
    def __init__(self, comm, num_micro):
        self.comm = comm
        self.num_micro = num_micro

    def embed(self, micro_shard):
        return jax.lax.all_gather(micro_shard, self.comm.axis, axis=0, tiled=True, to="reduced")

    def step(self, w, micro_shard):
        micro = self.embed(micro_shard)
        outs = []
        for i in range(self.num_micro):
            h = micro[i]
            h = self.comm.send_forward(h)
            outs.append(jnp.tanh(h @ w[0]))
        return jnp.stack(outs)


def inputs():
    mesh = jax.make_mesh((4, 2), ("stage", "dp"))
    rng = np.random.default_rng(21)
    w = jax.device_put(rng.normal(size=(4, 8, 8)).astype(np.float32) * 0.3,
                       NamedSharding(mesh, P("stage", None, None)))
    micro = jax.device_put(rng.normal(size=(8, 4, 8)).astype(np.float32),
                           NamedSharding(mesh, P("stage", "dp", None)))
    return mesh, w, micro


def main(mesh, w, micro):
    stage = OneFOneBStage(PipeComm("stage", 4), num_micro=8)
    f = jax.shard_map(stage.step, mesh=mesh, in_specs=(P("stage", None, None), P("stage", "dp", None)),
                      out_specs=P("stage", "dp", None))
    return f(w, micro)


if __name__ == "__main__":
    main(*inputs())
