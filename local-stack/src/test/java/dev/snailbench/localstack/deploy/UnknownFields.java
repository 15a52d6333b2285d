package dev.snailbench.localstack.deploy;

import io.fabric8.kubernetes.api.model.KubernetesResource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Fields of a manifest that the Kubernetes API does not know. fabric8's model keeps them in "additional properties"
 * instead of failing, so a misspelt {@code readinesProbe} would otherwise read as "no probe" in a test but be
 * rejected (or dropped) by the API server.
 */
final class UnknownFields {

    private UnknownFields() {}

    static List<String> of(Object model) {
        List<String> unknown = new ArrayList<>();
        walk(model, "", unknown);
        return unknown;
    }

    private static void walk(Object value, String path, List<String> unknown) {
        if (value == null) {
            return;
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                walk(list.get(i), path + "[" + i + "]", unknown);
            }
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, item) -> walk(item, path + "." + key, unknown));
            return;
        }
        if (!(value instanceof KubernetesResource)) {
            return;
        }
        for (Method getter : value.getClass().getMethods()) {
            if (getter.getParameterCount() != 0
                    || Modifier.isStatic(getter.getModifiers())
                    || !getter.getName().startsWith("get")
                    || getter.getName().equals("getClass")) {
                continue;
            }
            Object child;
            try {
                child = getter.invoke(value);
            } catch (IllegalAccessException | InvocationTargetException e) {
                continue;
            }
            if (getter.getName().equals("getAdditionalProperties")) {
                ((Map<?, ?>) child).keySet().forEach(key -> unknown.add(path + "." + key));
            } else {
                walk(child, path + "." + decapitalize(getter.getName().substring(3)), unknown);
            }
        }
    }

    private static String decapitalize(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
