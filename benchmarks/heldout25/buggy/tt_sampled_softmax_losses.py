"""Retrieval losses for the two-tower trainer, chosen from a class table by the experiment config."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENT = {"loss": "sampled_softmax", "axes": {"batch": "data", "dim": "model"}}


class RetrievalLoss:
    def __init__(self, batch_axis):
        self.batch_axis = batch_axis

    def logits(self, q, c):
        c_all = jax.lax.all_gather(c, self.batch_axis, to="reduced", tiled=True)
        return q @ c_all.T, c_all


class SampledSoftmax(RetrievalLoss):
    def __call__(self, q, c):
        _, c_all = self.logits(q, c)
        norms = jnp.sum(jnp.exp(c_all), axis=-1)
        partition = jax.lax.psum(norms, self.batch_axis)
        return jnp.log(partition).sum()[None]


class Hinge(RetrievalLoss):
    def __call__(self, q, c):
        scores, _ = self.logits(q, c)
        return jnp.maximum(0.0, 1.0 - scores).mean()[None]


LOSSES = {"sampled_softmax": SampledSoftmax, "hinge": Hinge}


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(16, 8)).astype(np.float32))


def main(q, c, exp=EXPERIMENT):
    axes = exp["axes"]
    mesh = jax.make_mesh((4, 2), (axes["batch"], axes["dim"]))
    spec = P(axes["batch"], None)
    q, c = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, c))
    loss = LOSSES[exp["loss"]](axes["batch"])
    return jax.shard_map(loss, mesh=mesh, in_specs=(spec, spec), out_specs=P(axes["batch"]))(q, c)


if __name__ == "__main__":
    print(main(*inputs()))
