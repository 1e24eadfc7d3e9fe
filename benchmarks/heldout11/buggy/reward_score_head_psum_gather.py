"""An RLHF reward model: a tensor-parallel score head over the last hidden state."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, MODEL = "data", "model"


# --- comm utils shared by the policy and the reward model -----------------------------------
def allreduce_sum(x, axes):
    return jax.lax.psum(x, axes)


def gather_all(x, axes, dim=0):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


# --- reward model ----------------------------------------------------------------------------
def score(h, w_score):
    return gather_all(allreduce_sum(h @ w_score, MODEL), MODEL)


def pairwise(chosen_h, rejected_h, w_score):
    return score(chosen_h, w_score), score(rejected_h, w_score)


def inputs():
    r = np.random.RandomState(30)
    return r.randn(8, 16).astype(np.float32), r.randn(8, 16).astype(np.float32), r.randn(16, 1).astype(np.float32)


def main(c, rj, w):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    hs = P(DATA, MODEL)
    c, rj = (jax.device_put(a, NamedSharding(mesh, hs)) for a in (c, rj))
    w = jax.device_put(w, NamedSharding(mesh, P(MODEL, None)))
    out = P(DATA, None, reduced={MODEL})
    return jax.shard_map(pairwise, mesh=mesh, in_specs=(hs, hs, P(MODEL, None)), out_specs=(out, out))(c, rj, w)


if __name__ == "__main__":
    print(main(*inputs())[0].shape)
