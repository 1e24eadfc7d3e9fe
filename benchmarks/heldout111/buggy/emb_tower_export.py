"""Embeddings: export the user-tower table to the feature store (flowlite DAG, airflow style).

The user table lives rows over `batch` and width over `hidden`; the export task wants it laid
out by width for the column-store writer and gathers it under the DAG's context mesh.
"""
import string
from collections import defaultdict
from datetime import datetime

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- tiny airflow stand-in (pasted from the team's `flowlite`; enough to run DAGs locally) ----
class DAG:
    _current = None

    def __init__(self, dag_id, schedule=None, start_date=None, params=None, default_args=None, tags=()):
        self.dag_id, self.schedule, self.start_date = dag_id, schedule, start_date
        self.params = dict(params or {})
        self.default_args = dict(default_args or {})
        self.tasks = {}

    def __enter__(self):
        DAG._current = self
        return self

    def __exit__(self, *exc):
        DAG._current = None

    def _toposort(self):
        indeg = {t: len(task.upstream) for t, task in self.tasks.items()}
        ready = [t for t, n in indeg.items() if n == 0]
        order = []
        while ready:
            t = ready.pop(0)
            order.append(t)
            for d in self.tasks[t].downstream:
                indeg[d] -= 1
                if indeg[d] == 0:
                    ready.append(d)
        return order

    def test(self, logical_date=None, conf=None):
        """Run every task in dependency order in this process (like `airflow dags test`)."""
        xcom = defaultdict(dict)
        params = {**self.params, **(conf or {})}
        ds = (logical_date or datetime(2026, 12, 1)).strftime("%Y-%m-%d")
        for task_id in self._toposort():
            task = self.tasks[task_id]
            ti = TaskInstance(task_id, xcom)
            ctx = {"ti": ti, "params": params, "ds": ds, "dag": self, "task": task}
            ret = task.execute(ctx)
            if ret is not None:
                ti.xcom_push("return_value", ret)
        return xcom


class TaskInstance:
    def __init__(self, task_id, store):
        self.task_id, self._store = task_id, store

    def xcom_push(self, key, value):
        self._store[self.task_id][key] = value

    def xcom_pull(self, task_ids, key="return_value"):
        if isinstance(task_ids, (list, tuple)):
            return [self._store[t].get(key) for t in task_ids]
        return self._store[task_ids].get(key)


class BaseOperator:
    def __init__(self, task_id, dag=None, **kwargs):
        self.task_id = task_id
        self.dag = dag or DAG._current
        self.upstream, self.downstream = set(), set()
        self.dag.tasks[task_id] = self

    def __rshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            self.downstream.add(o.task_id)
            o.upstream.add(self.task_id)
        return other

    def __lshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            o >> self
        return other

    def __rrshift__(self, other):
        for o in other:
            o >> self
        return self


class PythonOperator(BaseOperator):
    def __init__(self, task_id, python_callable, op_kwargs=None, templates_dict=None, **kwargs):
        super().__init__(task_id, **kwargs)
        self.python_callable = python_callable
        self.op_kwargs = dict(op_kwargs or {})
        self.templates_dict = dict(templates_dict or {})

    def render(self, value, ctx):
        if isinstance(value, str) and "{{" in value:
            inner = value.replace("{{", "").replace("}}", "").strip()
            if inner.startswith("params."):
                return ctx["params"][inner[len("params."):]]
            return ctx[inner]
        return value

    def execute(self, ctx):
        kwargs = {k: self.render(v, ctx) for k, v in self.op_kwargs.items()}
        ctx = {**ctx, "templates_dict": {k: self.render(v, ctx) for k, v in self.templates_dict.items()}}
        return self.python_callable(**kwargs, **ctx)
# ---- end flowlite ----
from jax._src.shard_map import top_level_all_gather

EXPORT_LAYOUTS = {
    "train": P("batch", "hidden"),
    "column_store": P("hidden", None, reduced={"batch"}),
}


def load_user_tower(**context):
    mesh = jax.make_mesh((4, 2), ("batch", "hidden"))
    n, d = context["params"]["users"], context["params"]["width"]
    table = jnp.arange(n * d, dtype=jnp.float32).reshape(n, d) / (n * d)
    context["ti"].xcom_push("mesh", mesh)
    return jax.device_put(table, NamedSharding(mesh, EXPORT_LAYOUTS["train"]))


def export_columns(layout, **context):
    ti = context["ti"]
    mesh = ti.xcom_pull("load_user_tower", key="mesh")
    table = ti.xcom_pull("load_user_tower")
    with jax.set_mesh(mesh):
        out = top_level_all_gather(table, EXPORT_LAYOUTS[layout])
    return np.asarray(out)


with DAG("user_tower_export", schedule="0 3 * * *", start_date=datetime(2026, 11, 1),
         params={"users": 16, "width": 8, "layout": "column_store"}) as dag:
    load = PythonOperator(task_id="load_user_tower", python_callable=load_user_tower)
    export = PythonOperator(task_id="export_columns", python_callable=export_columns,
                            op_kwargs={"layout": "{{ params.layout }}"})
    load >> export


def inputs():
    return ({"users": 32},)


def main(conf):
    return dag.test(conf=conf)["export_columns"]["return_value"]


if __name__ == "__main__":
    main(*inputs())
