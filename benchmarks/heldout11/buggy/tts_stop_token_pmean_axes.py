"""Tacotron stop-token loss: frames sharded over time, per-utterance sums, mean over the mesh."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    utt: str
    frame: str


AXES = MeshAxes("utt", "frame")


def stop_loss(logits, targets):
    bce = jnp.logaddexp(0.0, logits) - logits * targets
    per_utt = jax.lax.psum(jnp.sum(bce, axis=1), AXES.frame)
    return jax.lax.pmean(per_utt, (*AXES,))


def inputs():
    r = np.random.RandomState(44)
    return r.randn(4, 32).astype(np.float32), (r.rand(4, 32) > 0.9).astype(np.float32)


def main(logits, targets):
    mesh = jax.make_mesh((2, 4), AXES)
    spec = P(*AXES)
    logits, targets = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (logits, targets))
    return jax.shard_map(stop_loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())(logits, targets)


if __name__ == "__main__":
    print(main(*inputs()))
