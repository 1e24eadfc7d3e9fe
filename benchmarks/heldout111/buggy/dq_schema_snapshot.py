"""Data quality: schema drift check of the events table against yesterday's snapshot (taskflow).

Events are sharded over `part` (row partitions) and `col` (columns). The snapshot task builds the
full column summary table: a reduced gather over the column shards for every partition, then
over the whole mesh in the order the warehouse stores it (columns-major).
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


MESH = jax.make_mesh((4, 2), ("part", "col"))


def column_summary(block):
    return jnp.stack([jnp.nanmean(block, axis=0), jnp.nanstd(block, axis=0)])


@task
def load_events(n_rows):
    x = jnp.sin(jnp.arange(n_rows * 8, dtype=jnp.float32)).reshape(n_rows, 8)
    return jax.device_put(x, NamedSharding(MESH, P("part", "col")))


@task
def snapshot(events):
    storage_order = tuple(reversed(MESH.axis_names))

    def body(block):
        summary = column_summary(block)[None]
        wide = jax.lax.all_gather(summary, "col", axis=2, tiled=True, to="reduced")
        return jax.lax.all_gather(wide, storage_order, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=MESH, in_specs=P("part", "col"),
                         out_specs=P(None, None, None, reduced={"part", "col"}))(events)


@task
def compare(today, tolerance):
    means = np.asarray(today)[:, 0]
    drift = np.abs(means - means.mean(axis=0))
    return bool(np.all(drift < tolerance))


@dag(dag_id="events_schema_drift", params={"n_rows": 16, "tolerance": 2.0})
def events_schema_drift():
    compare(snapshot(load_events("{{ params.n_rows }}")), "{{ params.tolerance }}")


def inputs():
    return ({"n_rows": 32},)


def main(conf):
    return events_schema_drift(conf)["compare"]


if __name__ == "__main__":
    main(*inputs())
