"""A Hydra-style defaults list names one option per group as a one-entry dict, read with
`next(iter(d.items()))`: the 'loss' group's option sets the reduction axis, so the pmean result
is invariant on 'i' when it is gathered to reduced over 'i'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GROUPS = {"loss": {"local": {"reduce_over": "j"}, "global": {"reduce_over": "i"}}}
CONFIG = {"defaults": [{"loss": "global"}], "gather_axis": "i"}


def compose(config):
    data = dict(config)
    choices = dict(next(iter(d.items())) for d in data.pop("defaults", []))
    for group, option in choices.items():
        data[group] = GROUPS[group][option]
    return data


def main():
    cfg = compose(CONFIG)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(x):
        loss = jax.lax.pmean(jnp.sum(x * x, axis=0), cfg["loss"]["reduce_over"])
        return jax.lax.all_gather(loss, cfg["gather_axis"], tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j", reduced={"i"}))(x)


if __name__ == "__main__":
    main()
