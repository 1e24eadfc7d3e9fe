"""Cox proportional hazards across hospital sites (rows: site x patient shards)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CoxPH:
    def __init__(self, mesh, site_axis="site", patient_axis="patients", ties="breslow"):
        self.mesh = mesh
        self.site_axis = site_axis
        self.patient_axis = patient_axis
        self.ties = ties
        self.rows = P((site_axis, patient_axis), None)

    def _sufficient_stats(self, X, events):
        n_events = jax.lax.psum(jnp.sum(events), self.patient_axis)
        xbar = jax.lax.psum(events @ X, self.patient_axis)
        return n_events, xbar

    def fit(self, X, events):
        def body(X, events):
            n_events, xbar = self._sufficient_stats(X, events)
            per_site = jax.lax.all_gather(n_events, self.patient_axis, to="reduced")
            return (xbar / n_events)[None], per_site

        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(self.rows, P((self.site_axis, self.patient_axis))),
                             out_specs=(P(self.site_axis, None),
                                        P(self.site_axis, reduced={self.patient_axis})))(X, events)


def inputs():
    rng = np.random.default_rng(50)
    X = rng.normal(size=(64, 5)).astype(np.float32)
    events = (rng.uniform(size=(64,)) < 0.6).astype(np.float32)
    return X, events


def main(X, events):
    mesh = jax.make_mesh((2, 4), ("site", "patients"))
    model = CoxPH(mesh)
    X = jax.device_put(X, NamedSharding(mesh, model.rows))
    events = jax.device_put(events, NamedSharding(mesh, P(("site", "patients"))))
    return model.fit(X, events)


if __name__ == "__main__":
    means, counts = main(*inputs())
    print(means, counts)
