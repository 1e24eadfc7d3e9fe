import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CostModelTuner:
    """Keeps the measured trials of a tuning task, candidates x feature columns on the mesh."""

    cand_axis = "cand"
    feat_axis = "feat"

    def __init__(self, mesh):
        self.mesh = mesh
        self.trial_spec = P(self.cand_axis, self.feat_axis)

    def history(self, trials):
        return jax.lax.all_gather(trials, self.cand_axis, axis=0, tiled=True, to="reduced")

    def export(self, trials):
        hist = self.history(trials)
        return jax.lax.all_gather(hist, (self.feat_axis, self.cand_axis), axis=1, tiled=True, to="reduced")

    def dump(self, trials):
        axes = {self.cand_axis, self.feat_axis}
        return jax.shard_map(self.export, mesh=self.mesh, in_specs=self.trial_spec,
                             out_specs=P(reduced=axes))(trials)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.uniform(size=(32, 8)).astype(np.float32),)


def main(trials):
    mesh = jax.make_mesh((4, 2), ("cand", "feat"))
    tuner = CostModelTuner(mesh)
    trials = jax.device_put(trials, NamedSharding(mesh, tuner.trial_spec))
    return tuner.dump(trials)


if __name__ == "__main__":
    print(jnp.asarray(main(*inputs())).shape)
