"""HOMO-LUMO gap regression: per-atom contributions, a squared loss and its gradient."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("graphs", "atoms")


def predict(w, atom_feats):
    contrib = atom_feats @ w
    return jax.lax.psum(contrib.sum(axis=1), AXES[1])


def loss_fn(w, atom_feats, target):
    pred = predict(w, atom_feats)
    sq = jnp.mean((pred - target) ** 2)
    return jax.lax.pmean(sq, AXES)


def train_step(w, atom_feats, target):
    loss, grad = jax.value_and_grad(loss_fn)(w, atom_feats, target)
    return loss, w - 1e-2 * grad


def inputs():
    rng = np.random.default_rng(9)
    return (np.zeros((8,), np.float32) + 0.1,
            rng.normal(size=(8, 32, 8)).astype(np.float32),
            rng.normal(size=(8,)).astype(np.float32))


def main(w, atom_feats, target):
    mesh = jax.make_mesh((2, 4), AXES)
    w = jax.device_put(w, NamedSharding(mesh, P()))
    atom_feats = jax.device_put(atom_feats, NamedSharding(mesh, P("graphs", "atoms", None)))
    target = jax.device_put(target, NamedSharding(mesh, P("graphs")))
    step = jax.shard_map(train_step, mesh=mesh,
                         in_specs=(P(), P("graphs", "atoms", None), P("graphs")),
                         out_specs=(P(), P()))
    return step(w, atom_feats, target)


if __name__ == "__main__":
    print(main(*inputs()))
