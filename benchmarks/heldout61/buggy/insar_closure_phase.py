"""SBAS velocity from a small-baseline network, with a closure-phase check of the network."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PAIR_AXIS = "pair"
BURST_AXIS = "burst"


def design_matrix(n_dates=6, max_span=2, n_pairs=8):
    pairs = [(i, j) for i in range(n_dates) for j in range(i + 1, n_dates) if j - i <= max_span]
    A = np.zeros((len(pairs), n_dates - 1), np.float32)
    for k, (i, j) in enumerate(pairs):
        A[k, i:j] = 1.0
    return A[:n_pairs]


def load_network(ifg):
    return jax.lax.all_gather(ifg, PAIR_AXIS, axis=0, tiled=True, to="reduced")


def closure_phase(ifg):
    line_phase = jax.lax.all_gather(ifg.sum(axis=1), PAIR_AXIS, tiled=True, to="invarying")
    return jnp.abs(line_phase[:-2] + line_phase[1:-1] - line_phase[2:]).max()[None]


def sbas(ifg, A_pinv):
    network = load_network(ifg)
    velocity = A_pinv @ network
    return velocity, closure_phase(network)


def inputs():
    rng = np.random.default_rng(62)
    A = design_matrix()
    vel = rng.normal(size=(5, 32)).astype(np.float32)
    return (A @ vel).astype(np.float32), np.linalg.pinv(A).astype(np.float32)


def main(ifg, A_pinv):
    mesh = jax.make_mesh((4, 2), (PAIR_AXIS, BURST_AXIS))
    ifg = jax.device_put(ifg, NamedSharding(mesh, P(PAIR_AXIS, BURST_AXIS)))
    A_pinv = jax.device_put(A_pinv, NamedSharding(mesh, P()))
    fn = jax.shard_map(sbas, mesh=mesh, in_specs=(P(PAIR_AXIS, BURST_AXIS), P()),
                       out_specs=(P(None, BURST_AXIS), P(BURST_AXIS)))
    return fn(ifg, A_pinv)


if __name__ == "__main__":
    main(*inputs())
