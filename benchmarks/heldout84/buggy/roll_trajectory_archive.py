"""Python-loop autoregressive rollout that archives every lead time as a full field."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Rollout:
    def __init__(self, num_steps, space_axis, archive_axes):
        self.num_steps = num_steps
        self.space_axis = space_axis
        self.archive_axes = archive_axes

    def full_field(self, state):
        return jax.lax.all_gather(state, self.space_axis, axis=1, tiled=True, to="reduced")

    def step(self, state, weights):
        return state + 0.05 * jnp.sin(state * weights)

    def archive(self, fields):
        stacked = jnp.stack(fields)
        return jax.lax.all_gather(stacked, self.archive_axes, axis=1, tiled=True, to="reduced")

    def __call__(self, state, weights):
        lead_times = []
        for _ in range(self.num_steps):
            state = self.step(state, weights)
            lead_times.append(self.full_field(state))
        return state, self.archive(lead_times)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(16,)).astype(np.float32))


def main(state, weights):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    spec = P("ens", "space")
    state = jax.device_put(state, NamedSharding(mesh, spec))
    weights = jax.device_put(weights, NamedSharding(mesh, P("space")))
    model = Rollout(num_steps=3, space_axis="space", archive_axes=("ens", "space"))
    fn = jax.shard_map(model, mesh=mesh, in_specs=(spec, P("space")),
                       out_specs=(spec, P(None, None, None, reduced={"ens", "space"})))
    return jax.jit(fn)(state, weights)


if __name__ == "__main__":
    state, archive = main(*inputs())
    print(state.shape, archive.shape)
