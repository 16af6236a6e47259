from django.urls import path

from apps.staff.api import views

urlpatterns = [
    path("staffList/list", views.EmployeeListApi.as_view(), name="staff-list"),
    path("staffList/detail/<id:employee_id>", views.EmployeeDetailApi.as_view(), name="staff-detail"),
    path("staffList/save", views.EmployeeSaveApi.as_view(), name="staff-save"),
    path("staffList/leave", views.EmployeeLeaveApi.as_view(), name="staff-leave"),
    path("staffList/saveDurationInfo", views.DurationSaveApi.as_view(), name="staff-duration-save"),
    path("staffList/closeDurationInfo", views.DurationCloseApi.as_view(), name="staff-duration-close"),
]
