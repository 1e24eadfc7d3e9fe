"""Data quality: row-count freshness check per partition (taskflow-style DAG).

The landing table is sharded by partition over `part`. Each partition counts its valid rows;
the counts are gathered (reduced) into the freshness table, and the check fails when the
smallest partition is below the expected fraction.
"""
import functools
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- taskflow-style decorators (pasted from `flowlite.taskflow`; runs a DAG in-process) ----
class XComArg:
    def __init__(self, call):
        self.call = call

    def __getitem__(self, key):  # like XComArg["key"] on a multiple_outputs task
        return XComArg(("getitem", self, key))


class _DagRun:
    current = None

    def __init__(self, params):
        self.params, self.calls = params, []


def task(fn=None, *, task_id=None, multiple_outputs=False):
    def wrap(f):
        @functools.wraps(f)
        def call(*args, **kwargs):
            run = _DagRun.current
            node = ("task", task_id or f.__name__, f, args, kwargs)
            run.calls.append(node)
            return XComArg(node)
        call.function = f
        return call
    return wrap(fn) if fn is not None else wrap


def dag(dag_id=None, params=None, schedule=None, catchup=False):
    def wrap(build):
        def run(conf=None, logical_date="2026-12-01"):
            merged = {**(params or {}), **(conf or {})}
            _DagRun.current = dr = _DagRun(merged)
            build()
            _DagRun.current = None
            xcom = {}

            def resolve(v):
                if isinstance(v, XComArg):
                    if v.call[0] == "getitem":
                        return resolve(v.call[1])[v.call[2]]
                    return xcom[id(v.call)]
                if isinstance(v, str) and v.startswith("{{") and v.endswith("}}"):
                    name = v[2:-2].strip()
                    return merged[name[len("params."):]] if name.startswith("params.") else logical_date
                return v

            for node in dr.calls:
                _, tid, f, args, kwargs = node
                xcom[id(node)] = f(*[resolve(a) for a in args], **{k: resolve(v) for k, v in kwargs.items()})
                xcom[tid] = xcom[id(node)]
            return xcom
        run.dag_id = dag_id or build.__name__
        return run
    return wrap
# ---- end taskflow ----


PART_AXIS = os.environ.get("DQ_PARTITION_AXIS", "part")


@task(multiple_outputs=True)
def landing(n_rows):
    mesh = jax.make_mesh((8,), (PART_AXIS,))
    valid = (jnp.arange(n_rows) % 5 != 0).astype(jnp.float32)
    return {"mesh": mesh, "valid": jax.device_put(valid, NamedSharding(mesh, P(PART_AXIS)))}


@task
def freshness(mesh, valid, min_fraction):
    def body(v):
        count = jnp.sum(v)[None]
        table = jax.lax.all_gather(count, PART_AXIS, axis=0, tiled=True, to="reduced")
        smallest = jax.lax.pmin(table, PART_AXIS)
        return table, smallest

    table, smallest = jax.shard_map(body, mesh=mesh, in_specs=P(PART_AXIS),
                                    out_specs=(P(None, reduced={PART_AXIS}), P(None)))(valid)
    expected = valid.shape[0] / mesh.shape[PART_AXIS]
    return {"table": table, "ok": bool(jnp.min(smallest) >= min_fraction * expected)}


@dag(dag_id="landing_freshness", params={"n_rows": 64, "min_fraction": 0.5})
def landing_freshness():
    src = landing("{{ params.n_rows }}")
    freshness(src["mesh"], src["valid"], "{{ params.min_fraction }}")


def inputs():
    return ({"min_fraction": 0.7},)


def main(conf):
    return landing_freshness(conf)["freshness"]["table"]


if __name__ == "__main__":
    main(*inputs())
